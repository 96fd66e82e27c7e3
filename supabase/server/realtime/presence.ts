// Presence per topic: who is tracked under which key, with Phoenix's shapes (reference §12).
// `presence_state` goes to a channel that joins; `presence_diff` to every channel of the topic.
import type { Channel } from './connection'

interface Meta {
  phx_ref: string
  phx_ref_prev?: string
  [key: string]: unknown
}

export class Presence {
  /** scope → the channel that tracked → its presence key and meta. */
  private readonly byScope = new Map<string, Map<Channel, { key: string; meta: Meta }>>()

  constructor(private readonly channelsIn: (scope: string) => Iterable<Channel>) {}

  state(scope: string): Record<string, { metas: Meta[] }> {
    const state: Record<string, { metas: Meta[] }> = {}
    for (const { key, meta } of this.byScope.get(scope)?.values() ?? []) {
      const { phx_ref_prev: _previous, ...rest } = meta
      ;(state[key] ??= { metas: [] }).metas.push(rest as Meta)
    }
    return state
  }

  track(channel: Channel, payload: Record<string, unknown>, ref: string) {
    const entries = this.byScope.get(channel.scope) ?? new Map()
    this.byScope.set(channel.scope, entries)
    const previous = entries.get(channel)
    if (previous) {
      const { phx_ref: _ref, phx_ref_prev: _prev, ...same } = previous.meta
      if (JSON.stringify(same) === JSON.stringify(payload)) return
    }
    const meta: Meta = { ...payload, phx_ref: ref, ...(previous ? { phx_ref_prev: previous.meta.phx_ref } : {}) }
    entries.set(channel, { key: channel.presence.key, meta })
    this.diff(
      channel.scope,
      { [channel.presence.key]: { metas: [meta] } },
      previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    )
  }

  untrack(channel: Channel) {
    const entries = this.byScope.get(channel.scope)
    const previous = entries?.get(channel)
    if (!entries || !previous) return
    entries.delete(channel)
    if (entries.size === 0) this.byScope.delete(channel.scope)
    this.diff(channel.scope, {}, { [previous.key]: { metas: [previous.meta] } })
  }

  private diff(scope: string, joins: Record<string, unknown>, leaves: Record<string, unknown>) {
    for (const target of this.channelsIn(scope))
      target.connection.send({
        joinRef: null,
        ref: null,
        topic: target.topic,
        event: 'presence_diff',
        payload: { joins, leaves },
      })
  }
}
