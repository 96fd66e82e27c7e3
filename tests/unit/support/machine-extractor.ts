// @xstate/machine-extractor, the static parser behind Stately's editor sync and the XState VS Code
// extension, loaded for tests. It was built against XState 4 and loads `xstate/lib/actions` at
// start-up, which XState 5 does not have; while it loads, those requests go to XState 4, installed
// beside it under the alias `xstate-v4` (a dev dependency). Only the extractor sees XState 4.
import Module, { createRequire } from 'node:module'
import { createMachine, type AnyStateMachine } from 'xstate'

type Extractor = typeof import('@xstate/machine-extractor')

let extractor: Extractor | undefined

function loadExtractor(): Extractor {
  if (extractor) return extractor
  const require = createRequire(import.meta.url)
  const loader = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string }
  const resolve = loader._resolveFilename
  loader._resolveFilename = function (request, ...rest) {
    const redirected =
      request === 'xstate' || request.startsWith('xstate/') ? request.replace(/^xstate/, 'xstate-v4') : request
    return resolve.call(this, redirected, ...rest)
  }
  try {
    extractor = require('@xstate/machine-extractor') as Extractor
  } finally {
    loader._resolveFilename = resolve
  }
  return extractor
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const asArray = (value: Json | undefined): Json[] => (value === undefined ? [] : Array.isArray(value) ? value : [value])
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** The extractor writes actions as { kind, action: { type } } and guards as cond: { type }. */
function actionName(action: Json): string {
  if (isObject(action) && isObject(action.action) && typeof action.action.type === 'string') {
    return action.kind === 'named' ? action.action.type : `inline:${action.action.type}`
  }
  return `inline:${JSON.stringify(action)}`
}

function transition(config: Json): JsonObject {
  if (typeof config === 'string') return { target: config }
  if (!isObject(config)) return {}
  const out: JsonObject = {}
  if (config.target !== undefined) out.target = config.target
  if (isObject(config.cond)) {
    out.guard = config.cond.kind === 'named' && typeof config.cond.type === 'string' ? config.cond.type : 'inline'
  }
  if (config.actions !== undefined) out.actions = asArray(config.actions).map(actionName)
  if (config.description !== undefined) out.description = config.description
  if (config.internal === false) out.reenter = true
  return out
}

const transitions = (config: Json | undefined): Json => asArray(config).map(transition)

function stateNode(config: JsonObject): JsonObject {
  const out: JsonObject = {}
  for (const key of ['id', 'type', 'initial', 'description'] as const)
    if (config[key] !== undefined) out[key] = config[key]
  if (config.tags !== undefined) out.tags = asArray(config.tags)
  if (config.entry !== undefined) out.entry = asArray(config.entry).map(actionName)
  if (config.exit !== undefined) out.exit = asArray(config.exit).map(actionName)
  if (isObject(config.on))
    out.on = Object.fromEntries(Object.entries(config.on).map(([event, t]) => [event, transitions(t)]))
  if (isObject(config.after)) {
    out.after = Object.fromEntries(Object.entries(config.after).map(([delay, t]) => [delay, transitions(t)]))
  }
  if (config.invoke !== undefined) {
    out.invoke = asArray(config.invoke).map((invoke) => {
      const { src, id, onDone, onError } = isObject(invoke) ? invoke : {}
      const result: JsonObject = { src: src ?? null }
      if (id !== undefined) result.id = id
      if (onDone !== undefined) result.onDone = transitions(onDone)
      if (onError !== undefined) result.onError = transitions(onError)
      return result
    })
  }
  if (isObject(config.states)) {
    out.states = Object.fromEntries(
      Object.entries(config.states).map(([key, child]) => [key, stateNode(isObject(child) ? child : {})]),
    )
  }
  return out
}

export interface Extraction {
  /** The machine as the extractor read it, built by XState 5 so it can be compared with the real one. */
  machine: AnyStateMachine | null
  /** How many machines the file holds, as the extractor sees it. */
  count: number
  /** What the extractor printed while reading: values it could not read. */
  warnings: string[]
}

export function extract(source: string): Extraction {
  const { extractMachinesFromFile } = loadExtractor()
  const warnings: string[] = []
  const warn = console.warn
  console.warn = (...args: unknown[]) =>
    warnings.push(args.map((arg) => (typeof arg === 'string' ? arg : '')).join(' '))
  try {
    const result = extractMachinesFromFile(source)
    const machines = result?.machines ?? []
    const first = machines[0]
    const config = first ? (first.toConfig() as JsonObject | null) : null
    return { machine: config ? createMachine(stateNode(config) as never) : null, count: machines.length, warnings }
  } finally {
    console.warn = warn
  }
}
