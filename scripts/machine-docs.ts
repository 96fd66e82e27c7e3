// What `npm run machines` writes to docs/machines/: for each machine, its definition as XState
// gives it (JSON) and a Mermaid state diagram drawn from that definition. A unit test renders the
// same and compares it with the committed files, so the documents cannot drift from the machines.
import type { AnyStateMachine } from 'xstate'
import { authMachine } from '../machines/auth.machine'
import { contactSubmissionMachine } from '../machines/contact-submission.machine'
import { disclosureMachine } from '../machines/disclosure.machine'
import { menuMachine } from '../machines/menu.machine'

export const documentedMachines: Record<string, AnyStateMachine> = {
  auth: authMachine,
  'contact-submission': contactSubmissionMachine,
  disclosure: disclosureMachine,
  menu: menuMachine,
}

interface Definition {
  id: string
  key: string
  type: 'atomic' | 'compound' | 'parallel' | 'final' | 'history'
  initial: { target: string[] }
  states: Record<string, Definition>
  transitions: { eventType: string; target?: string[]; guard?: string | { type: string }; actions: unknown[] }[]
  tags: string[]
}

/** Mermaid ids: the state's dotted id with the dots replaced. */
const nodeId = (id: string) => id.replace(/^#/, '').replace(/[^A-Za-z0-9_]/g, '_')

/** XState's names for delays and actor results, shortened the way the chart shows them. */
function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType)
  if (after) return `after ${after[1]}`
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType)
  if (done) return `done ${done[1]!.replace(/^\d+\./, '')}`
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType)
  if (error) return `error ${error[1]!.replace(/^\d+\./, '')}`
  return eventType
}

// Mermaid labels may not hold a colon or a semicolon (they end the label or the statement).
const label = (text: string) => text.replace(/[:;]/g, ' ')

/**
 * A transition between states of different composite states cannot be drawn in Mermaid, so each
 * is drawn between the two children of the deepest state holding both ends, and the label says
 * where it really starts and ends when that differs.
 */
function mermaid(machine: AnyStateMachine): string {
  const root = JSON.parse(JSON.stringify(machine.definition)) as Definition
  const byId = new Map<string, Definition>()
  const parentOf = new Map<string, string>()
  const index = (node: Definition) => {
    byId.set(node.id, node)
    for (const child of Object.values(node.states)) {
      parentOf.set(child.id, node.id)
      index(child)
    }
  }
  index(root)
  const ancestors = (id: string): string[] => {
    const chain = [id]
    for (let parent = parentOf.get(id); parent !== undefined; parent = parentOf.get(parent)) chain.push(parent)
    return chain
  }

  const edges = new Map<string, string[]>()
  for (const node of byId.values()) {
    for (const transition of node.transitions) {
      const guardName = typeof transition.guard === 'string' ? transition.guard : transition.guard?.type
      const guard = guardName ? ` [${guardName}]` : ''
      const targets = (transition.target ?? []).map((target) => target.replace(/^#/, ''))
      if (targets.length === 0) {
        // No target: actions only. Drawn as a loop on the state that handles the event.
        const holder = parentOf.get(node.id) ?? node.id
        const list = edges.get(holder) ?? []
        list.push(`${nodeId(node.id)} --> ${nodeId(node.id)} : ${label(eventLabel(transition.eventType) + guard)}`)
        edges.set(holder, list)
        continue
      }
      for (const target of targets) {
        const sourceChain = ancestors(node.id)
        const targetChain = ancestors(target)
        // The deepest state strictly holding both ends (the source itself when the target is inside it).
        const common = sourceChain.find((id) => targetChain.includes(id) && id !== target && id !== node.id) ?? root.id
        const holder = targetChain.includes(node.id) ? (parentOf.get(node.id) ?? root.id) : common
        const end = (chain: string[]) => chain[chain.indexOf(holder) - 1] ?? chain[0]!
        const from = end(sourceChain)
        const to = end(targetChain)
        const detail =
          from !== node.id || to !== target
            ? ` (${node.id.slice(root.id.length + 1) || root.id} → ${target.slice(root.id.length + 1)})`
            : ''
        const list = edges.get(holder) ?? []
        list.push(`${nodeId(from)} --> ${nodeId(to)} : ${label(eventLabel(transition.eventType) + guard + detail)}`)
        edges.set(holder, list)
      }
    }
  }

  const lines = ['stateDiagram-v2']
  // The machine's own transitions apply in any state.
  if (edges.has(root.id)) lines.push(`  state "(any state)" as ${nodeId(root.id)}`)
  const render = (node: Definition, depth: number) => {
    const pad = '  '.repeat(depth)
    const children = Object.values(node.states)
    if (node.type === 'compound' && node.initial.target[0]) {
      lines.push(`${pad}[*] --> ${nodeId(node.initial.target[0])}`)
    }
    // Parallel regions are listed side by side (Mermaid's `--` divider fails on nested states).
    children.forEach((child) => {
      const notes = [...(child.type === 'parallel' ? ['parallel'] : []), ...child.tags]
      const suffix = notes.length > 0 ? ` (${notes.join(', ')})` : ''
      lines.push(`${pad}state "${child.key}${suffix}" as ${nodeId(child.id)}`)
      if (Object.keys(child.states).length > 0) {
        lines.push(`${pad}state ${nodeId(child.id)} {`)
        render(child, depth + 1)
        lines.push(`${pad}}`)
      }
    })
    for (const edge of edges.get(node.id) ?? []) lines.push(`${pad}${edge}`)
  }
  render(root, 1)
  return `${lines.join('\n')}\n`
}

/** File name → content, for every machine. */
export function machineDocs(): Record<string, string> {
  const files: Record<string, string> = {}
  for (const [name, machine] of Object.entries(documentedMachines)) {
    files[`${name}.json`] = `${JSON.stringify(machine.definition, null, 2)}\n`
    files[`${name}.mmd`] = mermaid(machine)
  }
  return files
}
