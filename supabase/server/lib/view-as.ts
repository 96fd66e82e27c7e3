// "View as client" (decision 0022): an access token minted for a client user with the claim
// `view_as: <staff id>` is a staff member's read-only preview. Every API asks this one question,
// and every refusal of a write carries the same code and words.

export const VIEW_AS_READ_ONLY = 'view_as_read_only'
export const viewAsReadOnlyMessage = 'This is a read-only preview of the client portal: nothing can be changed.'

export function isViewAs(claims: Record<string, unknown> | undefined | null): boolean {
  const staff = claims?.view_as
  return typeof staff === 'string' && staff !== ''
}

/**
 * The id whose liveness decides whether a token still works: a preview's own id (`view_as_id`,
 * ended by leaving the preview, and itself tied to the staff member's session), else the token's
 * session; null when it names neither (API keys). A preview token without its id never stands.
 */
export function livenessKey(claims: Record<string, unknown>): string | null {
  if (isViewAs(claims)) return typeof claims.view_as_id === 'string' ? claims.view_as_id : ''
  const session = claims.session_id
  return typeof session === 'string' && session !== '' ? session : null
}
