// Empties the portal's and the admin area's query cache when the signed-in user changes, without
// loading TanStack Query on pages that never used it (lib/query-client.ts registers itself here).
let clear: (() => void) | undefined

export function registerQueryCacheClear(fn: () => void): void {
  clear = fn
}

export function clearQueryCache(): void {
  clear?.()
}
