// The server sends one recovery or sign-in link per address per minute (both kinds count against
// the same minute, as in GoTrue) and answers a request within that minute like any other, so that
// the answer never tells whether the address has an account. The pages that ask for links remember
// here when this browser last asked for an address, so they can say when a new link can be asked
// for and never claim to have sent one that the server held back.
import { recoveryMailIntervalSeconds } from './policy'

const key = (address: string) => `cauce:link-requested:${address.trim().toLowerCase()}`
const intervalMs = recoveryMailIntervalSeconds * 1000

/** When a new link may be asked for; `repeat` when this request came too early and sent nothing. */
export interface NextLink {
  at: number
  repeat: boolean
}

function lastRequest(address: string): number | undefined {
  try {
    const value = Number(sessionStorage.getItem(key(address)))
    return value > 0 ? value : undefined
  } catch {
    return undefined
  }
}

/** A repeat within the minute (nothing to ask the server), or undefined when a link may be asked for. */
export function heldBack(address: string, now = Date.now()): NextLink | undefined {
  const previous = lastRequest(address)
  return previous !== undefined && now - previous < intervalMs ? { at: previous + intervalMs, repeat: true } : undefined
}

/** Notes a request the server accepted (this tab, across reloads); returns when the next may be asked for. */
export function recordRequest(address: string, now = Date.now()): NextLink {
  try {
    sessionStorage.setItem(key(address), String(now))
  } catch {
    // Storage refused (private mode): the page still states the one-link-per-minute rule.
  }
  return { at: now + intervalMs, repeat: false }
}

/** The time of day a new link may be asked for, with seconds, in the page's language. */
export function formatNextLinkTime(next: NextLink, locale: string): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', second: '2-digit' }).format(next.at)
}
