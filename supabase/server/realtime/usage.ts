// How much of Realtime each client address and each user holds: sockets per address, and per user
// the sockets they have channels on and their postgres_changes bindings (decision 0014, "Limits").
// Callers check and record in one synchronous step, after their last await, so joins arriving in
// parallel cannot all pass a limit before any of them is counted.

export interface UsageLimits {
  maxConnectionsPerAddress: number
  maxConnectionsPerUser: number
  maxBindingsPerUser: number
}

/** What one channel holds of its user's share. */
export interface Holding {
  userId: string
  connection: object
  bindings: number
}

interface UserUsage {
  /** connection → channels of this user on it */
  connections: Map<object, number>
  bindings: number
}

export class Usage {
  private readonly byAddress = new Map<string, number>()
  private readonly refusing = new Map<string, number>()
  private readonly byUser = new Map<string, UserUsage>()

  constructor(private readonly limits: UsageLimits) {}

  /** 'open' when the address may open one more socket, 'refuse' (told why at its joins) or 'reject' (plain 429). */
  admit(address: string): 'open' | 'refuse' | 'reject' {
    if ((this.byAddress.get(address) ?? 0) < this.limits.maxConnectionsPerAddress) return 'open'
    // Sockets told they are one too many hold nothing and close soon; as many of them as the
    // limit may be pending at once, beyond that the upgrade itself is refused.
    if ((this.refusing.get(address) ?? 0) < this.limits.maxConnectionsPerAddress) return 'refuse'
    return 'reject'
  }

  opened(address: string, refused: boolean) {
    const map = refused ? this.refusing : this.byAddress
    map.set(address, (map.get(address) ?? 0) + 1)
  }

  closed(address: string, refused: boolean) {
    const map = refused ? this.refusing : this.byAddress
    const left = (map.get(address) ?? 1) - 1
    if (left > 0) map.set(address, left)
    else map.delete(address)
  }

  /** Realtime's join error if `wanted` would take its user past a limit; `current` is given back first. */
  refusal(wanted: Holding, current?: Holding): string | null {
    const usage = this.byUser.get(wanted.userId) ?? { connections: new Map<object, number>(), bindings: 0 }
    const same = current?.userId === wanted.userId ? current : undefined
    const channelsOn = (connection: object) =>
      (usage.connections.get(connection) ?? 0) - (same?.connection === connection ? 1 : 0)
    const sockets = [...usage.connections.keys()].filter((connection) => channelsOn(connection) > 0).length
    if (channelsOn(wanted.connection) === 0 && sockets >= this.limits.maxConnectionsPerUser)
      return `ConnectionRateLimitReached: Too many connections for this user (at most ${this.limits.maxConnectionsPerUser})`
    if (usage.bindings - (same?.bindings ?? 0) + wanted.bindings > this.limits.maxBindingsPerUser)
      return `ChannelRateLimitReached: Too many postgres_changes bindings for this user (at most ${this.limits.maxBindingsPerUser})`
    return null
  }

  hold(holding: Holding) {
    const usage = this.byUser.get(holding.userId) ?? { connections: new Map(), bindings: 0 }
    usage.connections.set(holding.connection, (usage.connections.get(holding.connection) ?? 0) + 1)
    usage.bindings += holding.bindings
    this.byUser.set(holding.userId, usage)
  }

  release(holding: Holding) {
    const usage = this.byUser.get(holding.userId)
    if (!usage) return
    const channels = (usage.connections.get(holding.connection) ?? 1) - 1
    if (channels > 0) usage.connections.set(holding.connection, channels)
    else usage.connections.delete(holding.connection)
    usage.bindings -= holding.bindings
    if (usage.connections.size === 0) this.byUser.delete(holding.userId)
  }
}
