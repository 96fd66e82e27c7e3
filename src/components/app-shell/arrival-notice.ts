// A message the next page of an area says once, on arrival: what the person just did elsewhere
// (a password set from an e-mail link) and where they stand now. Kept in memory only, so a reload
// or a later visit does not repeat it; the shell takes it when it opens and shows it until the
// next navigation.
import type { MessageDescriptor } from '@lingui/core'

let pending: MessageDescriptor | null = null

/** The next area page to open says `message` (AppShell shows it). */
export function noticeOnArrival(message: MessageDescriptor): void {
  pending = message
}

/** The message waiting for the page that opens now, once. */
export function takeArrivalNotice(): MessageDescriptor | null {
  const message = pending
  pending = null
  return message
}
