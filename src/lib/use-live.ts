// React's side of the live updates (lib/live.ts): a page names the table and filter it shows and
// the query keys that read them; every change (and every recovery after a lost connection)
// invalidates those keys, so TanStack Query re-reads them as the signed-in person, under
// row-level security. One call per table, e.g. the approvals of a project:
//   useLiveQueryKeys({ table: 'approvals', filter: `project_id=eq.${id}` }, [['approvals', viewerId, id]])
// A screen with several lists declares them together as `LiveBinding`s (its concept's queries.ts
// says which tables re-read which keys) and listens with `useLiveBindings`.
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

/** How long a binding gathers changes before its lists are read again (well inside the 3 s a change may take to show). */
const coalesceMs = 150

/** A table (and filter) whose changes re-read the given query-key prefixes. */
export interface LiveBinding {
  spec: LiveSpec
  keys: readonly QueryKey[]
}

/**
 * Listens to every binding at once: a change to a binding's rows (or a recovery after a lost
 * connection) invalidates its keys. The bindings may be new arrays on every render; only their
 * tables and filters decide what is subscribed.
 */
export function useLiveBindings(bindings: readonly LiveBinding[]): void {
  const queryClient = useQueryClient()
  const latest = useRef(bindings)
  useEffect(() => {
    latest.current = bindings
  })
  const signature = bindings.map((binding) => liveKey(binding.spec)).join('\n')
  useEffect(() => {
    const timers = new Set<ReturnType<typeof setTimeout>>()
    const leave = latest.current.map(({ spec }) => {
      const key = liveKey(spec)
      let pending: ReturnType<typeof setTimeout> | null = null
      const invalidate = () => {
        for (const binding of latest.current)
          if (liveKey(binding.spec) === key)
            for (const queryKey of binding.keys) void queryClient.invalidateQueries({ queryKey })
      }
      // A burst of changes (an import, a trigger's rows) costs one re-read, not one per row.
      const soon = () => {
        if (pending) return
        pending = setTimeout(() => {
          timers.delete(pending!)
          pending = null
          invalidate()
        }, coalesceMs)
        timers.add(pending)
      }
      return subscribeLive(spec, { change: soon, resync: invalidate })
    })
    return () => {
      for (const timer of timers) clearTimeout(timer)
      for (const way of leave) way()
    }
    // `signature` stands for the bindings' tables and filters.
  }, [signature, queryClient])
}

/** Whether the live connection is lost right now (the shell says so until it recovers). */
export function useLiveConnectionLost(): boolean {
  return useSyncExternalStore(
    onLiveStatus,
    () => liveStatus() === 'lost',
    () => false,
  )
}
