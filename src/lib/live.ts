// Live updates (docs/decisions/0016): one manager for every postgres_changes subscription of the
// portal and the admin area. supabase-js keeps one socket; the manager keeps one channel per
// (table, filter), however many components listen to it, and removes it shortly after the last
// one leaves (a page change re-subscribes without churn). It also tracks whether the connection
// is lost: Realtime rejoins by itself, and when a channel is back every listener re-reads
// (`resync`), because changes made meanwhile were not delivered.
import type { RealtimeChannel, RealtimePostgresChangesPayload } from '@supabase/supabase-js'
import { supabase } from './supabase'

export type LiveRow = Record<string, unknown>
export type LiveChange = RealtimePostgresChangesPayload<LiveRow>

export interface LiveSpec {
  /** A table of the supabase_realtime publication (schema public). */
  table: string
  /** A Realtime filter, e.g. `project_id=eq.<uuid>`; row-level security applies anyway. */
  filter?: string
}

export interface LiveListener {
  change: (change: LiveChange) => void
  /** Called when the channel (re)joins after a loss: what changed meanwhile must be re-read. */
  resync?: () => void
}

export type LiveStatus = 'connected' | 'lost'

interface Entry {
  channel: RealtimeChannel | null
  listeners: Set<LiveListener>
  state: 'joining' | 'joined' | 'lost'
  wasLost: boolean
  removeTimer: ReturnType<typeof setTimeout> | null
}

/** How long a channel without listeners stays, so a page change does not leave and re-join it. */
const lingerMs = 2000

const entries = new Map<string, Entry>()
const statusListeners = new Set<() => void>()
let heartbeatLost = false
let status: LiveStatus = 'connected'

function updateStatus() {
  const lost = heartbeatLost || [...entries.values()].some((entry) => entry.state === 'lost')
  const next: LiveStatus = lost ? 'lost' : 'connected'
  if (next === status) return
  status = next
  for (const listener of statusListeners) listener()
}

let heartbeatWatched = false
function watchHeartbeat() {
  if (heartbeatWatched) return
  heartbeatWatched = true
  supabase.realtime.onHeartbeat((beat) => {
    if (beat === 'timeout' || beat === 'disconnected' || beat === 'error') heartbeatLost = true
    else if (beat === 'ok') heartbeatLost = false
    updateStatus()
  })
}

export const liveKey = (spec: LiveSpec) => `${spec.table}|${spec.filter ?? ''}`

function open(key: string, spec: LiveSpec, entry: Entry) {
  watchHeartbeat()
  // Our server authorizes each channel with the session's access token, which supabase-js hands
  // to Realtime only once asked (decision 0014).
  void supabase.realtime.setAuth().then(() => {
    if (entries.get(key) !== entry) return
    const channel = supabase.channel(`live:${key}`)
    channel.on(
      'postgres_changes' as never,
      { event: '*', schema: 'public', table: spec.table, ...(spec.filter ? { filter: spec.filter } : {}) },
      (change: LiveChange) => {
        for (const listener of entry.listeners) listener.change(change)
      },
    )
    entry.channel = channel
    channel.subscribe((state) => {
      if (state === 'SUBSCRIBED') {
        entry.state = 'joined'
        if (entry.wasLost) for (const listener of entry.listeners) listener.resync?.()
        entry.wasLost = false
      } else if (entries.get(key) === entry) {
        // CHANNEL_ERROR, TIMED_OUT, or CLOSED while still wanted: Realtime retries by itself.
        entry.state = 'lost'
        entry.wasLost = true
      }
      updateStatus()
    })
  })
}

/** Listens to a table's changes (one shared channel per table and filter); returns the way out. */
export function subscribeLive(spec: LiveSpec, listener: LiveListener): () => void {
  const key = liveKey(spec)
  let entry = entries.get(key)
  if (!entry) {
    entry = { channel: null, listeners: new Set(), state: 'joining', wasLost: false, removeTimer: null }
    entries.set(key, entry)
    open(key, spec, entry)
  }
  if (entry.removeTimer) clearTimeout(entry.removeTimer)
  entry.removeTimer = null
  entry.listeners.add(listener)
  const current = entry
  return () => {
    current.listeners.delete(listener)
    if (current.listeners.size > 0 || current.removeTimer) return
    current.removeTimer = setTimeout(() => {
      if (current.listeners.size > 0 || entries.get(key) !== current) return
      entries.delete(key)
      if (current.channel) void supabase.removeChannel(current.channel)
      updateStatus()
    }, lingerMs)
  }
}

export function liveStatus(): LiveStatus {
  return status
}

export function onLiveStatus(listener: () => void): () => void {
  statusListeners.add(listener)
  return () => statusListeners.delete(listener)
}
