// "Waiting for 3 days" / "En espera desde hace 3 días": how long an approval has waited, as a
// duration in its largest whole unit and the active language; under a minute the sentence has
// its own words (the relative time it replaced read "En espera desde ahora").
import { describe, expect, it } from 'vitest'
import { formatDuration } from '../../src/lib/format'

const now = new Date('2026-11-29T12:00:00Z')
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString()

describe('formatDuration', () => {
  it('is null under a minute, and for a time in the future (clocks disagree)', () => {
    expect(formatDuration(ago(0), 'es', now)).toBeNull()
    expect(formatDuration(ago(59), 'en', now)).toBeNull()
    expect(formatDuration(ago(-300), 'en', now)).toBeNull()
  })

  it('names the largest whole unit, rounded down, in the language', () => {
    expect(formatDuration(ago(60), 'en', now)).toBe('1 minute')
    expect(formatDuration(ago(3 * 3600 + 1800), 'es', now)).toBe('3 horas')
    expect(formatDuration(ago(3 * 86400), 'es', now)).toBe('3 días')
    expect(formatDuration(ago(1.9 * 86400), 'en', now)).toBe('1 day')
    expect(formatDuration(ago(15 * 86400), 'en', now)).toBe('2 weeks')
    expect(formatDuration(ago(400 * 86400), 'es', now)).toBe('1 año')
  })
})
