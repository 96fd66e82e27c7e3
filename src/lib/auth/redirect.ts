// Where to go after signing in: only paths on this site, never another origin (an open
// redirect would let a phishing link bounce through our login page).
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\'))
    return undefined
  try {
    const base = 'https://site.invalid'
    const url = new URL(value, base)
    return url.origin === base ? `${url.pathname}${url.search}${url.hash}` : undefined
  } catch {
    return undefined
  }
}

/** Why the sign-in page opened: the person has just signed out of an area (it says so). */
export type LoginNotice = 'signed-out'

/** The login routes' search: `?redirect=/where/the/user/was/going`, and `?notice=signed-out`. */
export function validateLoginSearch(search: Record<string, unknown>): { redirect?: string; notice?: LoginNotice } {
  const redirect = safeRedirect(search.redirect)
  return {
    ...(redirect ? { redirect } : {}),
    ...(search.notice === 'signed-out' ? { notice: 'signed-out' as const } : {}),
  }
}
