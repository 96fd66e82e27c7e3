// Whether a page an e-mail link opens (reset password, sign-in link) was opened without its link,
// decided before the first paint. Both pages are prerendered with a first state that does not
// depend on the link (decision 0048); opened without one (a bookmark, a link cut short, or
// Lighthouse), the page says so, and that sentence was painted only once the app had run. A small
// inline script in the page's head (the probe below) marks <html data-link="none"> first, and the
// page's styles show the sentence from the first paint; the app, which reads the same rules,
// renders the same markup and drops the mark once it has hydrated. Without JavaScript nothing is
// marked and the page is its first state, as before.
import { authStorageKey } from '@/config/supabase'

/** The pages that carry the probe (the probe reads the same two names from the address). */
const linkPage = /\/(reset-password|confirm)\/?$/

export function isLinkPage(path: string): boolean {
  return linkPage.test(new URL(path, 'http://page.invalid').pathname)
}

/** The attribute on <html> and its value while the page was opened without its link. */
export const withoutLinkAttribute = 'data-link'
export const withoutLinkValue = 'none'

/**
 * The reset page without a link: its fragment (`#access_token=…`, `#error=…`) carries neither a
 * session nor a spent link's error, and the browser holds no session either.
 */
export function openedWithoutResetLink(fragment: string, sessionStored: boolean): boolean {
  const params = new URLSearchParams(fragment.replace(/^#/, ''))
  return !sessionStored && !params.has('access_token') && !params.has('error') && !params.has('error_code')
}

/** The confirmation page without a whole link: a token and a known type (confirm-search.ts). */
export function openedWithoutConfirmLink(search: string): boolean {
  const params = new URLSearchParams(search)
  const type = params.get('type')
  return !(params.get('token_hash') && (type === 'magiclink' || type === 'signup'))
}

/** The probe: self-contained, since it runs as text before any module (its rules come along as source). */
function markOpenedWithoutLink(
  resetRule: typeof openedWithoutResetLink,
  confirmRule: typeof openedWithoutConfirmLink,
  pagePattern: RegExp,
  storageKey: string,
  attribute: string,
  value: string,
) {
  const page = pagePattern.exec(window.location.pathname)?.[1]
  let stored = false
  try {
    stored = window.localStorage.getItem(storageKey) !== null
  } catch {
    // Storage refused (a private mode): no session is held.
  }
  const without =
    page === 'reset-password'
      ? resetRule(window.location.hash, stored)
      : page === 'confirm' && confirmRule(window.location.search)
  if (without) document.documentElement.setAttribute(attribute, value)
}

/** The probe's text for the pages' head; the server allows it by its hash (scripts/lib/prerender.mjs). */
export function linkProbeScript(): string {
  const args = [
    openedWithoutResetLink.toString(),
    openedWithoutConfirmLink.toString(),
    linkPage.toString(),
    ...[authStorageKey, withoutLinkAttribute, withoutLinkValue].map((text) => JSON.stringify(text)),
  ]
  return `(${markOpenedWithoutLink.toString()})(${args.join(', ')})`
}

/** Drops the probe's mark once the app renders the page's state itself. */
export function clearWithoutLinkMark(): void {
  document.documentElement.removeAttribute(withoutLinkAttribute)
}
