// Mentions typed in the message box: "@" at the start of a word opens the list of people, the
// letters after it filter the list, and choosing one puts "@Full Name " where the "@" was typed.
// Pure text functions, so the composer's keyboard handling stays small and they are tested alone.

/** What is being typed after an "@": where the "@" is and the words after it, up to the caret. */
export interface MentionQuery {
  start: number
  query: string
}

/** Longest text after "@" still read as a name being typed (full names have spaces). */
const MAX_QUERY = 40

/**
 * The mention being typed at the caret, or null: an "@" at the start of the text or after a
 * space or line break, followed by no line break and at most MAX_QUERY characters.
 */
export function mentionQueryAt(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret)
  const at = before.lastIndexOf('@')
  if (at < 0) return null
  if (at > 0 && !/\s/.test(before[at - 1]!)) return null
  const query = before.slice(at + 1)
  if (query.length > MAX_QUERY || /[\n@]/.test(query) || /^\s/.test(query)) return null
  return { start: at, query }
}

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()

/**
 * The people whose name answers the words typed, ignoring case and accents: a name that starts
 * with them first, then one with a word that does ("@mar" finds "Lucía Martín").
 */
export function matchPeople<T extends { full_name: string }>(people: T[], query: string): T[] {
  const words = fold(query).trimEnd()
  if (!words) return people
  const starts = people.filter((person) => fold(person.full_name).startsWith(words))
  const inside = people.filter(
    (person) =>
      !starts.includes(person) &&
      fold(person.full_name)
        .split(/\s+/)
        .some((_, index, parts) => parts.slice(index).join(' ').startsWith(words)),
  )
  return [...starts, ...inside]
}

/**
 * The text with "@name" in place of the "@" and the letters typed after it, then a space unless a
 * space or punctuation already follows; the caret goes after that space.
 */
export function insertMention(
  text: string,
  mention: MentionQuery,
  caret: number,
  name: string,
): { text: string; caret: number } {
  const rest = text.slice(caret)
  const inserted = `@${name}${/^[\s,.;:!?)]/.test(rest) ? '' : ' '}`
  const next = text.slice(0, mention.start) + inserted + rest
  const position = mention.start + inserted.length + (rest.startsWith(' ') ? 1 : 0)
  return { text: next, caret: position }
}
