// How deeply a JSON text nests, measured on the text before it is parsed: JSON.parse itself copes
// with any depth, but everything after it that walks the value (JSON.stringify, validation, the
// database's own JSON parser) recurses, and a body nested a few thousand levels would overflow it.

/** Whether `text` nests arrays and objects more than `max` levels deep; one pass, no recursion. */
export function jsonNestsDeeperThan(text: string, max: number): boolean {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if (inString) {
      if (code === 0x5c)
        i++ // backslash: the next character is escaped
      else if (code === 0x22) inString = false
    } else if (code === 0x22) {
      inString = true
    } else if (code === 0x5b || code === 0x7b) {
      if (++depth > max) return true
    } else if (code === 0x5d || code === 0x7d) {
      depth--
    }
  }
  return false
}
