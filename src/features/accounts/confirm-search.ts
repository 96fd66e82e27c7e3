// The confirmation page's search (token_hash, type, redirect_to), kept apart from the page so the
// route can read it without loading supabase-js (the page itself loads on demand).
type LinkType = 'magiclink' | 'signup'

export interface ConfirmSearch {
  token_hash?: string
  type?: LinkType
  redirect_to?: string
}

export function validateConfirmSearch(search: Record<string, unknown>): ConfirmSearch {
  const tokenHash = typeof search.token_hash === 'string' ? search.token_hash : undefined
  const type = search.type === 'signup' ? 'signup' : search.type === 'magiclink' ? 'magiclink' : undefined
  const redirect = typeof search.redirect_to === 'string' ? search.redirect_to : undefined
  return { token_hash: tokenHash, type, redirect_to: redirect }
}
