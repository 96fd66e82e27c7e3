// A conversation message is plain text: this cuts it into pieces the screens render as React text
// (never as HTML, so markup in a message stays visible text): line breaks, web links (http and
// https only) and @mentions of the people a message names.
export type MessagePiece =
  | { kind: 'text'; text: string }
  | { kind: 'link'; href: string; text: string }
  | { kind: 'mention'; text: string }
  | { kind: 'break' }

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

// Punctuation that ends a sentence is not part of the link it follows ("see https://x.com.").
const trailing = /[.,;:!?)\]}'"»”]+$/

export function messagePieces(text: string, mentionNames: readonly string[] = []): MessagePiece[] {
  const names = [...new Set(mentionNames.filter((name) => name.trim() !== ''))].sort((a, b) => b.length - a.length)
  const mention = names.length ? `|@(?:${names.map(escapeRegExp).join('|')})` : ''
  const pattern = new RegExp(`https?://[^\\s<>"]+${mention}`, 'giu')
  const pieces: MessagePiece[] = []
  const pushText = (value: string) => {
    if (!value) return
    const last = pieces[pieces.length - 1]
    if (last?.kind === 'text') last.text += value
    else pieces.push({ kind: 'text', text: value })
  }
  text.split(/\r\n|\r|\n/).forEach((line, index) => {
    if (index > 0) pieces.push({ kind: 'break' })
    let at = 0
    for (const match of line.matchAll(pattern)) {
      const start = match.index
      let found = match[0]
      pushText(line.slice(at, start))
      if (found.startsWith('@')) {
        pieces.push({ kind: 'mention', text: found })
      } else {
        const tail = trailing.exec(found)?.[0] ?? ''
        found = found.slice(0, found.length - tail.length)
        if (isWebUrl(found)) pieces.push({ kind: 'link', href: found, text: found })
        else pushText(found)
        pushText(tail)
      }
      at = start + match[0].length
    }
    pushText(line.slice(at))
  })
  return pieces
}

function isWebUrl(value: string): boolean {
  try {
    const url = new URL(value)
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
  } catch {
    return false
  }
}
