// A machine reduced to what a chart shows: its states (with tags, entry/exit actions, invoked
// actors, descriptions) and its transitions (event, guard, targets, actions, description), as
// plain sorted data. Used to compare what @xstate/machine-extractor reads with what runs.
import type { AnyStateMachine } from 'xstate'

interface NodeLike {
  id: string
  type: string
  description?: string
  tags: string[]
  entry: unknown[]
  exit: unknown[]
  invoke: { id: string; src: unknown }[]
  initial?: { target: { id: string }[] }
  states: Record<string, NodeLike>
  transitions: Map<string, TransitionLike[]>
}

interface TransitionLike {
  eventType: string
  guard?: unknown
  target?: { id: string }[]
  actions: unknown[]
  reenter: boolean
  description?: string
}

export interface StateSummary {
  id: string
  type: string
  initial: string | null
  tags: string[]
  entry: string[]
  exit: string[]
  invoke: string[]
  description: string | null
}

export interface TransitionSummary {
  source: string
  event: string
  guard: string | null
  targets: string[]
  actions: string[]
  reenter: boolean
  description: string | null
}

/** A named action or guard by its name; anything written inline shows as such (a chart cannot name it). */
function nameOf(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'function') return `inline:${value.name || 'anonymous'}`
  if (value && typeof value === 'object' && 'type' in value && typeof value.type === 'string') return value.type
  return `inline:${JSON.stringify(value)}`
}

export function summarize(machine: AnyStateMachine): { states: StateSummary[]; transitions: TransitionSummary[] } {
  const states: StateSummary[] = []
  const transitions: TransitionSummary[] = []
  const visit = (node: NodeLike) => {
    states.push({
      id: node.id,
      type: node.type,
      initial: node.initial?.target[0]?.id ?? null,
      tags: [...node.tags].sort(),
      entry: node.entry.map(nameOf),
      exit: node.exit.map(nameOf),
      invoke: node.invoke.map((invoke) => `${invoke.id}:${nameOf(invoke.src)}`),
      description: node.description ?? null,
    })
    for (const [event, list] of node.transitions) {
      for (const transition of list) {
        transitions.push({
          source: node.id,
          event,
          guard: transition.guard === undefined ? null : nameOf(transition.guard),
          targets: (transition.target ?? []).map((target) => target.id).sort(),
          actions: transition.actions.map(nameOf),
          reenter: transition.reenter,
          description: transition.description ?? null,
        })
      }
    }
    for (const child of Object.values(node.states)) visit(child)
  }
  visit(machine.root as unknown as NodeLike)
  return { states, transitions }
}
