// The portal's formatters are made once per locale and options (format.ts): reusing them must
// never hand one locale's or one option set's formatter to another call.
import { describe, expect, it, vi } from 'vitest'
import {
  formatDate,
  formatDateTime,
  formatMetric,
  formatPercent,
  formatRelative,
  prepareFormatters,
} from '../../src/lib/format'

describe('formatters made once', () => {
  it('keep each locale apart, in any order of calls', () => {
    for (let round = 0; round < 2; round++) {
      expect(formatDate('2026-03-05', 'es')).toBe(
        new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date(2026, 2, 5)),
      )
      expect(formatDate('2026-03-05', 'en')).toBe('Mar 5, 2026')
      expect(formatDate('2026-03-05', 'en', 'long')).toBe('March 5, 2026')
      expect(formatDate('2026-03-05', 'es', 'long')).toBe('5 de marzo de 2026')
    }
  })

  it('keep each option set apart', () => {
    expect(formatMetric(4_200_000, 'EUR', 'en')).toBe('€4,200,000')
    expect(formatMetric(4_200_000, 'EUR', 'en', true)).toBe('€4.2M')
    expect(formatMetric(31.5, 'percent', 'en')).toBe('31.5%')
    expect(formatPercent(31.5, 'en')).toBe('32%')
    expect(formatDateTime('2026-03-05T10:30:00', 'en')).toBe(
      new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date('2026-03-05T10:30:00'),
      ),
    )
    const now = new Date('2026-03-05T10:30:00Z')
    expect(formatRelative('2026-03-02T10:30:00Z', 'en', now)).toBe('3 days ago')
    expect(formatRelative('2026-03-02T10:30:00Z', 'es', now)).toBe('hace 3 días')
  })
})

describe('prepareFormatters', () => {
  it('makes the formatters later, one task each, not in the task that asks', () => {
    vi.useFakeTimers()
    try {
      const plurals = vi.spyOn(Intl.PluralRules.prototype, 'select')
      prepareFormatters('en')
      expect(plurals).not.toHaveBeenCalled()
      expect(vi.getTimerCount()).toBe(1)
      vi.advanceTimersToNextTimer() // the date formatter
      vi.advanceTimersToNextTimer() // the percentage
      expect(plurals).not.toHaveBeenCalled()
      vi.advanceTimersToNextTimer() // the plural rules, last
      expect(plurals).toHaveBeenCalledTimes(1)
      expect(vi.getTimerCount()).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
