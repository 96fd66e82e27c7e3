// The one TanStack Query client of the portal and the admin area. It comes with the route guards
// (src/lib/auth/guards.ts), so the public pages never download TanStack Query.
import { QueryClient } from '@tanstack/react-query'
import { registerQueryCacheClear } from './query-cache'

let client: QueryClient | undefined

export function appQueryClient(): QueryClient {
  if (!client) {
    const created = new QueryClient()
    registerQueryCacheClear(() => created.clear())
    client = created
  }
  return client
}
