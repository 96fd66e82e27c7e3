// Which body limit each API applies, answered in that API's own error shape (lib/body-guard.ts).
// Storage is not here: its uploads stream to disk under their own limits (storage/upload-body.ts)
// and its JSON bodies are capped as they are read (storage/json-body.ts).
import type { Hono } from 'hono'
import { errorResponse as authErrorResponse, errors as authErrors } from './auth/errors'
import type { Env } from './env'
import { bodyGuard } from './lib/body-guard'
import { restErrors } from './rest/errors'
import { errorResponse as restErrorResponse } from './rest/response'

export function guardRequestBodies(app: Hono, env: Env) {
  app.use(
    '/auth/v1/*',
    bodyGuard({
      maxBytes: env.AUTH_MAX_BODY_BYTES,
      tooLarge: (c) => authErrorResponse(c, authErrors.bodyTooLarge()),
    }),
  )
  // REST checks JSON depth itself, on the text it decodes anyway (rest/execute.ts).
  app.use(
    '/rest/v1/*',
    bodyGuard({
      maxBytes: env.REST_MAX_BODY_BYTES,
      tooLarge: () => restErrorResponse(restErrors.bodyTooLarge(env.REST_MAX_BODY_BYTES)),
    }),
  )
  app.use(
    '/realtime/v1/api/*',
    bodyGuard({
      maxBytes: env.REALTIME_BROADCAST_MAX_BODY_BYTES,
      tooLarge: (c) => c.json({ message: 'Request body too large' }, 413),
      json: {
        maxDepth: env.API_MAX_JSON_DEPTH,
        tooDeep: (c) =>
          c.json({ message: `The JSON body is nested more than ${env.API_MAX_JSON_DEPTH} levels deep` }, 400),
      },
    }),
  )
  app.use(
    '/functions/v1/*',
    bodyGuard({
      maxBytes: env.FUNCTIONS_MAX_BODY_BYTES,
      tooLarge: (c) => c.json({ error: { code: 'too_large', message: 'Request body too large' } }, 413),
      json: {
        maxDepth: env.API_MAX_JSON_DEPTH,
        tooDeep: (c) =>
          c.json(
            {
              error: {
                code: 'invalid_json',
                message: `The JSON body is nested more than ${env.API_MAX_JSON_DEPTH} levels deep`,
              },
            },
            400,
          ),
      },
    }),
  )
}
