import { beforeEach, describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { writtenDate } from '@/features/site/calendar-date'
import { activateLocale } from '@/lib/i18n'
import { serveCatalogs } from './support/catalogs'

describe('writtenDate', () => {
  beforeEach(() => serveCatalogs())

  it('writes a date as Intl does, in each language', async () => {
    for (const [locale, iso] of [
      ['en', '2026-11-24'],
      ['es', '2026-11-24'],
      ['en', '2027-01-05'],
      ['es', '2027-05-31'],
    ] as const) {
      await activateLocale(locale)
      const intl = new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso))
      expect(writtenDate(i18n, iso)).toBe(intl)
    }
  })

  it('refuses what is not a calendar date', async () => {
    await activateLocale('en')
    expect(() => writtenDate(i18n, '2026-13-01')).toThrow()
    expect(() => writtenDate(i18n, 'yesterday')).toThrow()
  })
})
