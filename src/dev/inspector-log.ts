// The local end of @statelyai/inspect's browser protocol (its own createBrowserReceiver): every
// actor, event and snapshot the app's machines report, as a table. For machines where Stately's
// hosted inspector cannot be reached; development only, served by Vite from /inspector.html.
import { createBrowserReceiver } from '@statelyai/inspect'

interface Received {
  type: string
  sessionId: string
  event?: { type?: string }
  snapshot?: { value?: unknown; status?: string }
  definition?: string
}

const log = document.getElementById('log')!
log.innerHTML = `
  <style>
    body { font: 14px/1.4 system-ui, sans-serif; margin: 1rem; color: #17211c; }
    h1 { font-size: 1.1rem; margin: 0 0 .25rem; }
    p { margin: 0 0 .75rem; color: #4b5a52; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: .25rem .5rem; border-bottom: 1px solid #dde5e0; vertical-align: top; }
    td:nth-child(4) { font-family: ui-monospace, monospace; font-size: 12px; }
    tr.snapshot td { color: #0a6e4c; }
  </style>
  <h1>XState inspector: local event log</h1>
  <p>What the app's actors report through @statelyai/inspect, newest first: actors started, events received, snapshots reached.</p>
  <table><thead><tr><th>#</th><th>Actor</th><th>Kind</th><th>Event / state</th></tr></thead><tbody></tbody></table>`
const body = log.querySelector('tbody')!
/** Readable actor names: the machine's id and a number per actor, instead of session ids. */
const actors = new Map<string, string>()
let count = 0

function describe(received: Received): [string, string] {
  switch (received.type) {
    case '@xstate.actor':
      return ['actor', 'started']
    case '@xstate.event':
      return ['event', received.event?.type ?? '']
    case '@xstate.snapshot':
      return ['snapshot', JSON.stringify(received.snapshot?.value ?? received.snapshot?.status ?? null)]
    default:
      return [received.type, '']
  }
}

createBrowserReceiver().subscribe((inspectionEvent) => {
  const received = inspectionEvent as unknown as Received
  if (!actors.has(received.sessionId)) {
    const machineId = received.definition ? (JSON.parse(received.definition) as { id?: string }).id : undefined
    actors.set(received.sessionId, `${machineId ?? 'actor'} ${actors.size + 1}`)
  }
  const [kind, detail] = describe(received)
  const row = document.createElement('tr')
  row.className = kind
  for (const text of [String(++count), actors.get(received.sessionId)!, kind, detail]) {
    const cell = document.createElement('td')
    cell.textContent = text
    row.append(cell)
  }
  body.prepend(row)
})
