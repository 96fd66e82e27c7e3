// Go's time.ParseDuration syntax ("24h", "1h30m", "876000h"), which GoTrue's admin API takes for
// `ban_duration`; "none" lifts a ban.
const unitMs: Record<string, number> = {
  ns: 1e-6,
  us: 1e-3,
  µs: 1e-3,
  μs: 1e-3,
  ms: 1,
  s: 1000,
  m: 60_000,
  h: 3_600_000,
}
const part = String.raw`(\d+(?:\.\d*)?|\.\d+)(ns|us|µs|μs|ms|s|m|h)`
const durationPattern = new RegExp(String.raw`^[-+]?(?:0|(?:(?:\d+(?:\.\d*)?|\.\d+)(?:ns|us|µs|μs|ms|s|m|h))+)$`)

/** The longest duration Go can represent (2^63 ns). */
export const maxGoDurationMs = 9_223_372_036_854

/** Milliseconds, or null when the text is not a Go duration. */
export function parseGoDuration(text: string): number | null {
  if (!durationPattern.test(text)) return null
  const sign = text.startsWith('-') ? -1 : 1
  let total = 0
  for (const [, amount, unit] of text.matchAll(new RegExp(part, 'g')))
    total += Number(amount) * (unitMs[unit ?? ''] ?? 0)
  return sign * total
}
