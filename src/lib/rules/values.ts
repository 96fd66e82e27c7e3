// The value rules every form and importer share, so a date or a number means the same thing
// wherever it is typed: one calendar-date rule and one number rule.

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written YYYY-MM-DD (2026-02-30 is not one, whatever Date.parse says). */
export function isCalendarDate(text: string): boolean {
  const match = ISO_DATE.exec(text)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

const DECIMAL = /^(-?)(\d+)(?:([.,])(\d+))?$/

/** numeric(18, 4): at most 14 digits before the point. */
const LIMIT = 1e14

/**
 * A number as a person types it: digits, and one decimal separator, a dot or a comma ("12,5" as
 * a Spanish user writes it, "12.5"). No thousands separators. A separator followed by exactly
 * three digits reads as a thousands group in one of the two languages ("1,500" in English, "1.500"
 * in Spanish), so in that language it is refused rather than guessed. `locale` is the reader's;
 * without one (a file) only the comma form is ambiguous. Null when not a number.
 */
export function parseDecimal(text: string, locale?: string): number | null {
  const match = DECIMAL.exec(text.trim())
  if (!match) return null
  const [, sign = '', whole = '', separator, fraction] = match
  if (separator && fraction?.length === 3) {
    if (separator === ',' && locale !== 'es') return null
    if (separator === '.' && locale === 'es') return null
  }
  const value = Number(`${sign}${whole}${fraction ? `.${fraction}` : ''}`)
  return Number.isFinite(value) && Math.abs(value) < LIMIT ? value : null
}
