// "View as client" (decision 0022) in the auth API: a staff member's preview token may read
// GET /user and nothing else. Previews are opened and left through the view-as Edge Function
// (supabase/functions/view-as), as on Supabase, which has no such auth endpoint.
import type { MiddlewareHandler } from 'hono'
import { isViewAs, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage } from '../lib/view-as'
import type { AuthEnv } from './context'
import { AuthError } from './errors'

const previewReadOnly = () => new AuthError(403, VIEW_AS_READ_ONLY, viewAsReadOnlyMessage)

/** Refuses every auth call of a preview token but the ones a route lets through (reading /user). */
export function refusePreview(): MiddlewareHandler<AuthEnv> {
  return async (c, next) => {
    if (isViewAs(c.get('caller').claims)) throw previewReadOnly()
    await next()
  }
}
