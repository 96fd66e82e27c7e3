// React's side of the live updates (lib/live.ts): a page names the table and filter it shows and
// the query keys that read them; every change (and every recovery after a lost connection)
// invalidates those keys, so TanStack Query re-reads them as the signed-in person, under
// row-level security. One call per table, e.g. the approvals of a project:
//   useLiveQueryKeys({ table: 'approvals', filter: `project_id=eq.${id}` }, [['approvals', viewerId, id]])
import { useEffect, useRef, useSyncExternalStore } from 'react'
import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { liveKey, liveStatus, onLiveStatus, subscribeLive, type LiveChange, type LiveSpec } from './live'

/**
 * Invalidates `queryKeys` (prefixes) whenever a row of `spec` changes; `onChange` sees each
 * change first (e.g. to update a cached list in place). `spec` null: nothing is subscribed.
 */
export function useLiveQueryKeys(
  spec: LiveSpec | null,
  queryKeys: readonly QueryKey[],
  onChange?: (change: LiveChange) => void,
): void {
  const queryClient = useQueryClient()
  // The latest keys and callback, without re-subscribing when a render makes new arrays.
  const latest = useRef({ queryKeys, onChange })
  useEffect(() => {
    latest.current = { queryKeys, onChange }
  })
  const key = spec ? liveKey(spec) : null
  useEffect(() => {
    if (!spec) return
    const invalidate = () => {
      for (const queryKey of latest.current.queryKeys) void queryClient.invalidateQueries({ queryKey })
    }
    return subscribeLive(spec, {
      change: (change) => {
        latest.current.onChange?.(change)
        invalidate()
      },
      resync: invalidate,
    })
    // `key` stands for `spec`'s contents.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, queryClient])
}

/** Whether the live connection is lost right now (the shell says so until it recovers). */
export function useLiveConnectionLost(): boolean {
  return useSyncExternalStore(
    onLiveStatus,
    () => liveStatus() === 'lost',
    () => false,
  )
}
