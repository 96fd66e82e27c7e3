// A calendar date ("2026-11-24") written out in the reader's language, without Intl. The first
// Intl.DateTimeFormat a page creates loads the browser's locale data: 12-25 ms of main thread,
// which on a public page (the legal texts' "last updated") was its longest task. The word order
// is the catalog's: English "November 24, 2026", Spanish "24 de noviembre de 2026".
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

const months: MessageDescriptor[] = [
  msg({ message: 'January', context: 'month' }),
  msg({ message: 'February', context: 'month' }),
  msg({ message: 'March', context: 'month' }),
  msg({ message: 'April', context: 'month' }),
  msg({ message: 'May', context: 'month' }),
  msg({ message: 'June', context: 'month' }),
  msg({ message: 'July', context: 'month' }),
  msg({ message: 'August', context: 'month' }),
  msg({ message: 'September', context: 'month' }),
  msg({ message: 'October', context: 'month' }),
  msg({ message: 'November', context: 'month' }),
  msg({ message: 'December', context: 'month' }),
]

/** `isoDate` is YYYY-MM-DD; anything else is a programming error. */
export function writtenDate(i18n: I18n, isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  const month = match ? months[Number(match[2]) - 1] : undefined
  if (!match || !month) throw new Error(`Not a calendar date: ${isoDate}`)
  const written = msg({ message: '{month} {day}, {year}', comment: 'A written date; reorder for the language.' })
  return i18n._(written.id, { month: i18n._(month), day: String(Number(match[3])), year: match[1] })
}
