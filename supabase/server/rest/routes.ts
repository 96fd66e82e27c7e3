// The rest API's endpoints.
import { Hono } from 'hono'
import type { ServerDeps } from '../deps'

export function restRoutes(_deps: ServerDeps) {
  const app = new Hono()
  return app
}
