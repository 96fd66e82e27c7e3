// Embedded PostgreSQL (PGlite, PostgreSQL compiled to WebAssembly), in memory or on disk, run in a
// worker thread (pglite-worker.mjs) so that a slow statement never holds the server's own thread.
// PGlite is one PostgreSQL backend: statements still run one at a time, in the order asked. Two
// rules keep one request from holding everyone (decision 0018):
// - the role's statement_timeout fires, as on PostgreSQL (the worker delivers PostgreSQL's alarm);
// - an API transaction (statement_timeout set) that may be run again, read-only or marked
//   `retryable` by its caller, that has run `shareMs` while a new request waits is stopped by the
//   worker, rolled back, and run again `shareMs` later with what is left of its timeout: its total
//   time stays bounded by the timeout, and the requests behind it wait about `shareMs` at most.
import { channel as diagnosticsChannel } from 'node:diagnostics_channel'
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { Worker } from 'node:worker_threads'
import type { Database, PgError, Queryable, QueryResult, Settings, TransactionOptions } from './database'
import { lockDataDir } from './data-dir-lock'

export interface PgliteDatabase extends Database {
  /** A gzip tarball of the data directory, loadable with `openPglite({ loadDataDir })`. */
  dumpDataDir(): Promise<Blob>
}

export interface PgliteOptions {
  dataDir?: string
  loadDataDir?: Blob
  /** PGLITE_SHARE_MS: how long a read may hold the database while other requests wait. */
  shareMs?: number
}

/** PostgreSQL's message when the statement timeout cancels a statement (SQLSTATE 57014). */
const timeoutMessage = 'canceling statement due to statement timeout'

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: Error) => void
}

function toError(fields: Record<string, string | boolean>): PgError {
  return Object.assign(new Error(String(fields.message)), fields) as unknown as PgError
}

/** Set by the worker on the error of a statement it stopped for others (and rolled back itself). */
const preemptedError = (error: unknown) => (error as { preempted?: boolean }).preempted === true

/** `select set_config($1, $2, true), set_config($3, $4, true), …` for `count` settings. */
function settingsSql(count: number): string {
  const calls = Array.from({ length: count }, (_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`)
  return `select ${calls.join(', ')}`
}

/** A statement_timeout value as PostgreSQL reads it, in ms (`8s`, `300ms`, `0`); 0 means none. */
function timeoutMs(value: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(ms|s|min)?\s*$/.exec(value)
  if (!match) return 0
  const unit = match[2] === 's' ? 1000 : match[2] === 'min' ? 60_000 : 1
  return Number(match[1]) * unit
}

/** One transaction waiting for, or holding, the database. */
interface Turn {
  start: () => void
  /** Not a re-run: only such a waiter stops the running transaction (see `armShare`). */
  fresh: boolean
}

/**
 * One turn at the database, published on the `pglite:turn` diagnostics channel when someone
 * listens (`npm run bench:timeout` does), to tell queueing from running in a request's time.
 */
export interface TurnTiming {
  /** Shared by the attempts of one `transaction()` call (and by nothing else). */
  call: number
  attempt: number
  waitMs: number
  runMs: number
  outcome: 'done' | 'preempted' | 'failed'
}
export const turnChannel = diagnosticsChannel('pglite:turn')

// PostgreSQL's WebAssembly, compiled once per process and handed to each worker (a worker would
// otherwise compile its own: seconds of CPU for every database opened).
const pgliteDist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
const compiled = new Map<string, Promise<WebAssembly.Module>>()
function wasmModule(file: string): Promise<WebAssembly.Module> {
  let module = compiled.get(file)
  if (!module) {
    module = readFile(join(pgliteDist, file)).then((bytes) => WebAssembly.compile(bytes))
    compiled.set(file, module)
  }
  return module
}

export async function openPglite(options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const shareMs = options.shareMs ?? 50
  const cancel = new Int32Array(new SharedArrayBuffer(4))
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined
  const pgliteWasmModule = await wasmModule('pglite.wasm')
  const initdbWasmModule = await wasmModule('initdb.wasm')
  // Before PGlite opens the directory: a second process must stop here, not write beside the first.
  const unlock = options.dataDir ? lockDataDir(options.dataDir) : () => undefined
  process.once('exit', unlock)
  const unlocked = () => {
    process.off('exit', unlock)
    unlock()
  }
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: options.dataDir, loadDataDir, cancel: cancel.buffer, pgliteWasmModule, initdbWasmModule },
    transferList: loadDataDir ? [loadDataDir] : [],
  })
  const pending = new Map<number, Pending>()
  const channels = new Map<string, () => void>()
  let nextId = 1
  let failure: Error | undefined

  await new Promise<void>((resolve, reject) => {
    const failed = (error: Error) => {
      unlocked()
      reject(error)
    }
    worker.once('error', failed)
    worker.on('message', function ready(message: { ready?: boolean }) {
      if (!message.ready) return
      worker.off('message', ready)
      worker.off('error', failed)
      resolve()
    })
  })
  worker.on(
    'message',
    (message: { id?: number; result?: unknown; error?: Record<string, string | boolean>; notify?: string }) => {
      if (message.notify !== undefined) return channels.get(message.notify)?.()
      const waiter = message.id === undefined ? undefined : pending.get(message.id)
      if (!waiter) return
      pending.delete(message.id!)
      if (message.error) waiter.reject(toError(message.error))
      else waiter.resolve(message.result)
    },
  )
  const fail = (error: Error) => {
    failure ??= error
    for (const waiter of pending.values()) waiter.reject(failure)
    pending.clear()
  }
  worker.on('error', fail)
  worker.on('exit', () => fail(new Error('The PGlite worker has stopped')))

  const send = <T>(message: Record<string, unknown>): Promise<T> => {
    if (failure) return Promise.reject(failure)
    const id = nextId++
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject })
      worker.postMessage({ ...message, id })
    })
  }

  const queryable = (tx: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []): Promise<QueryResult<T>> {
      return send<QueryResult<T>>({ op: 'query', sql, params, tx })
    },
    async exec(sql: string) {
      await send({ op: 'exec', sql, tx })
    },
  })

  // Our own queue (PGlite's lock sits in the worker): who holds the database, who waits.
  const queue: Turn[] = []
  let busy = false
  let running: { tx: number; preemptible: boolean; since: number } | undefined

  // Tells the worker that someone waits for the running transaction: the worker itself stops it
  // once it has run its share, on its own clock, so a late timer or a busy event loop on this
  // thread never lengthens the wait. Stopping is for requests that have not yet had a turn: two slow
  // transactions that stopped each other would each start over forever, so a waiting re-run never
  // stops the running one.
  const armShare = () => {
    if (running?.preemptible && queue.some((turn) => turn.fresh)) Atomics.store(cancel, 0, running.tx)
  }
  const release = () => {
    running = undefined
    const next = queue.shift()
    if (next) next.start()
    else busy = false
  }
  const acquire = (fresh: boolean): Promise<void> =>
    new Promise((resolve) => {
      if (!busy) {
        busy = true
        resolve()
        return
      }
      queue.push({ start: resolve, fresh })
      armShare()
    })

  let nextCall = 1
  /**
   * Runs `work` holding the database; `preemptible` says whether it may be stopped for others,
   * `attempt` how many times this transaction has been stopped already.
   */
  async function holding<T>(preemptible: boolean, work: (tx: number) => Promise<T>, call = 0, attempt = 0) {
    const asked = performance.now()
    await acquire(attempt === 0)
    const tx = nextId++
    running = { tx, preemptible, since: performance.now() }
    const turn = running
    armShare()
    let outcome: TurnTiming['outcome'] = 'failed'
    // A stop asked for a transaction that has ended is never acted on: ids are not reused.
    try {
      const value = await work(tx)
      outcome = 'done'
      return { value, preempted: false as const }
    } catch (error) {
      if (preemptible && preemptedError(error)) {
        outcome = 'preempted'
        return { preempted: true as const }
      }
      throw error
    } finally {
      release()
      if (turnChannel.hasSubscribers) {
        const ended = performance.now()
        const timing: TurnTiming = {
          call,
          attempt,
          waitMs: turn.since - asked,
          runMs: ended - turn.since,
          outcome,
        }
        turnChannel.publish(timing)
      }
    }
  }

  async function transaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    settings?: Settings,
    options: TransactionOptions = {},
  ): Promise<T> {
    const timeout = timeoutMs(settings?.find(([name]) => name === 'statement_timeout')?.[1] ?? '0')
    const readOnly = settings?.some(([name, value]) => name === 'transaction_read_only' && value === 'on') ?? false
    // A read-only transaction changes nothing, a retryable one only the database, which the
    // rollback undoes; any other may have done work outside it and is never run twice.
    const preemptible = (readOnly || options.retryable === true) && timeout > 0
    const started = performance.now()
    const call = nextCall++
    let current = settings
    for (let attempt = 0; ; attempt++) {
      const outcome = await holding(
        preemptible,
        async (tx) => {
          // `begin` and the settings in one trip to the worker.
          await send({
            op: 'begin',
            tx,
            share: preemptible ? shareMs : 0,
            timed: timeout > 0,
            settings: current?.length ? [settingsSql(current.length), current.flat()] : null,
          })
          try {
            const value = await fn(queryable(tx))
            await send({ op: 'exec', sql: 'commit' })
            return value
          } catch (error) {
            // A stopped transaction has been rolled back in the worker already (one trip saved).
            if (!preemptedError(error)) await send({ op: 'exec', sql: 'rollback' }).catch(() => undefined)
            throw error
          }
        },
        call,
        attempt,
      )
      if (!outcome.preempted) return outcome.value
      // Stopped for others: again after a share of time in which they have the database, with what
      // is left of its own time (so a slow transaction gets at most about half of it while others
      // wait, and its total stays within its timeout, ending with PostgreSQL's own 57014).
      await new Promise((resolve) => setTimeout(resolve, shareMs))
      const left = Math.floor(timeout - (performance.now() - started))
      if (left <= 0) throw toError({ code: '57014', message: timeoutMessage })
      current = settings!.map(([name, value]) => [name, name === 'statement_timeout' ? `${left}ms` : value] as const)
    }
  }

  const outside: Queryable = {
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await holding(false, (tx) => queryable(tx).query<T>(sql, params))).value as QueryResult<T>
    },
    async exec(sql: string) {
      await holding(false, (tx) => queryable(tx).exec(sql))
    },
  }

  return {
    kind: 'pglite',
    ...outside,
    transaction,
    // Between transactions, like every statement: LISTEN inside one would wait for its commit.
    async listen(channel, onNotify) {
      channels.set(channel, onNotify)
      await holding(false, () => send({ op: 'listen', channel }))
      return async () => {
        channels.delete(channel)
        await holding(false, () => send({ op: 'unlisten', channel }))
      }
    },
    // One process, one session: nobody else to wait for (the data directory is locked instead).
    async lock() {
      return async () => undefined
    },
    async close() {
      await send({ op: 'close' }).catch(() => undefined)
      await worker.terminate()
      unlocked()
    },
    async dumpDataDir() {
      const { value } = await holding(false, () => send<ArrayBuffer>({ op: 'dump' }))
      return new Blob([value!], { type: 'application/x-gzip' })
    },
  }
}
