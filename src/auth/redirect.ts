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

/** The login routes' search: `?redirect=/where/the/user/was/going`. */
export function validateLoginSearch(search: Record<string, unknown>): { redirect?: string } {
  const redirect = safeRedirect(search.redirect)
  return redirect ? { redirect } : {}
}
