// "View as client" (decision 0022) in our server's APIs: the question and the refusal are the
// view-as function's own (supabase/functions/_shared/view-as.ts); here, what decides whether a
// token still stands.
import { isViewAs } from '../../functions/_shared/view-as.ts'

export { isViewAs, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage } from '../../functions/_shared/view-as.ts'

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
