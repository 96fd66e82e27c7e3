// PGlite in a worker thread (decision 0018). PostgreSQL compiled to WebAssembly runs here, so the
// server's own thread keeps accepting requests while a statement runs, and can ask for the running
// statement to stop. Plain JavaScript: a worker is loaded by Node itself, outside tsx and vitest.
//
// Why statements can be stopped at all: PostgreSQL checks for interrupts (CHECK_FOR_INTERRUPTS)
// all through its executor, but in WebAssembly no signal handler or timer callback can run while a
// statement holds the thread, so `statement_timeout` never fired. auto_explain with timing (and a
// minimum duration no statement reaches, so it never logs) makes the executor read the monotonic
// clock around every node's every row; that clock is a JavaScript import, so the hook below runs
// all through execution. There it delivers PostgreSQL's own statement-timeout alarm once it is due
// (PostgreSQL then cancels with its usual 57014) and, when the server's thread asks, raises a
// query-cancel interrupt the same way a cancel request would.
import { parentPort, workerData } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { auto_explain } from '@electric-sql/pglite/contrib/auto_explain'
// Search's typo tolerance (word_similarity); the migrations enable it as Supabase does.
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'

/** The clock is read for real once per this many calls (a power of two): a call costs ~0.1 µs. */
const CLOCK_STRIDE = 64
const CLOCK_MONOTONIC = 1

/**
 * Shared with the server's thread: [0] = the id of a transaction others wait for, which is stopped
 * once it has run its share (0 for none).
 */
const cancelRequest = new Int32Array(workerData.cancel)
let currentTx = 0
/** The open transaction that may be stopped for others: its id, since when it runs, its share. */
const shared = { tx: 0, since: 0, share: 0 }
/** The id of the transaction stopped for others, until its error has been answered. */
let stoppedTx = 0
const interruptControl = { clearCancel: () => {} }

function interrupts() {
  let instance
  let memory
  let heap32
  let heap64
  let alarmAt = Infinity
  let alarmWhich = 0
  let ticks = 0
  let last = 0n

  /** Delivers the statement-timeout alarm once due, and a cancel the server's thread asked for. */
  const checkInterrupts = () => {
    const now = performance.now()
    if (now >= alarmAt) {
      alarmAt = Infinity
      // As if SIGALRM arrived now: PostgreSQL's handler decides which timeout is due.
      instance.exports._emscripten_timeout(alarmWhich, now)
    }
    if (
      currentTx !== 0 &&
      currentTx === shared.tx &&
      now - shared.since >= shared.share &&
      Atomics.load(cancelRequest, 0) === currentTx
    ) {
      Atomics.store(cancelRequest, 0, 0)
      stoppedTx = currentTx
      raiseCancel()
    }
  }

  const raiseCancel = () => {
    if (heap32.buffer !== memory.buffer) heap32 = new Int32Array(memory.buffer)
    // QueryCancelPending and InterruptPending are `volatile sig_atomic_t` (4 bytes): what
    // PostgreSQL's SIGINT handler sets when a cancel request arrives.
    heap32[instance.exports.QueryCancelPending.value >> 2] = 1
    heap32[instance.exports.InterruptPending.value >> 2] = 1
  }

  /** Withdraws a cancel raised too late: the statement ended before PostgreSQL acted on it. */
  const clearCancel = () => {
    if (!instance) return
    if (heap32.buffer !== memory.buffer) heap32 = new Int32Array(memory.buffer)
    heap32[instance.exports.QueryCancelPending.value >> 2] = 0
  }
  interruptControl.clearCancel = clearCancel

  return {
    name: 'statement-interrupts',
    setup: async (_pg, opts) => {
      memory = opts.wasmMemory
      heap32 = new Int32Array(memory.buffer)
      heap64 = new BigInt64Array(memory.buffer)
      const instantiate = opts.instantiateWasm
      return {
        emscriptenOpts: {
          ...opts,
          instantiateWasm: (imports, done) => {
            // Emscripten may hand the same object under both names: wrap each once.
            for (const env of new Set([imports.env, imports.wasi_snapshot_preview1])) {
              if (!env) continue
              const setitimer = env._setitimer_js
              // PostgreSQL arms its timeouts with setitimer; the JavaScript timer it becomes only
              // fires once the statement has ended, so the deadline is also kept here.
              env._setitimer_js = (which, ms) => {
                alarmWhich = which
                alarmAt = ms ? performance.now() + ms : Infinity
                return setitimer(which, ms)
              }
              // Every clock PostgreSQL reads passes here: the executor's (auto_explain), and the
              // wall clock of pg_sleep's and the latches' waiting loops.
              const clock = env.clock_time_get
              env.clock_time_get = (clockId, precision, out) => {
                const poll = (++ticks & (CLOCK_STRIDE - 1)) === 0
                if (poll) checkInterrupts()
                if (clockId !== CLOCK_MONOTONIC) return clock(clockId, precision, out)
                if (heap64.buffer !== memory.buffer) heap64 = new BigInt64Array(memory.buffer)
                // Between real readings the last one is repeated: only auto_explain's timings,
                // which are never logged, read this clock that often.
                if (poll || last === 0n) last = BigInt(Math.round(performance.now() * 1e6))
                heap64[out >> 3] = last
                return 0
              }
              for (const name of ['emscripten_date_now', 'emscripten_get_now']) {
                const read = env[name]
                if (typeof read !== 'function') continue
                env[name] = () => {
                  if ((++ticks & (CLOCK_STRIDE - 1)) === 0) checkInterrupts()
                  return read()
                }
              }
            }
            return instantiate(imports, (wasmInstance, module) => {
              instance = wasmInstance
              done(wasmInstance, module)
            })
          },
        },
      }
    },
  }
}

const db = await PGlite.create({
  dataDir: workerData.dataDir,
  loadDataDir: workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined,
  pgliteWasmModule: workerData.pgliteWasmModule,
  initdbWasmModule: workerData.initdbWasmModule,
  extensions: { auto_explain, pg_trgm, interrupts: interrupts() },
})
// Superuser settings of this one session: API roles cannot change them. Instrument statements,
// nested ones too (functions' queries), with timing, never logging; `log_analyze`, which turns the
// per-row instrumentation on, is set per transaction (see 'begin').
await db.exec(`
  load 'auto_explain';
  set auto_explain.log_min_duration = 2147483647;
  set auto_explain.log_timing = on;
  set auto_explain.log_nested_statements = on;
`)

/** A PostgreSQL error's fields, which survive the trip to the server's thread. */
function errorFields(error) {
  const fields = { message: error?.message ?? String(error) }
  for (const key of ['code', 'detail', 'hint', 'constraint', 'table', 'column', 'schema', 'severity'])
    if (typeof error?.[key] === 'string') fields[key] = error[key]
  if (error?.preempted === true) fields.preempted = true
  return fields
}

const listeners = new Map()

/**
 * Runs one statement of transaction `tx`. When it was stopped for others, the transaction is rolled
 * back here at once (the server's thread would only ask for it) and the error says so.
 */
async function statement(tx, work) {
  currentTx = tx ?? 0
  try {
    const result = await work()
    if (stoppedTx !== 0) interruptControl.clearCancel()
    return result
  } catch (error) {
    if (stoppedTx === 0) throw error
    // Failed for another reason before PostgreSQL acted on the stop: withdraw it, or it would
    // cancel whatever statement runs next.
    if (error?.code !== '57014') {
      interruptControl.clearCancel()
      throw error
    }
    await db.exec('rollback')
    throw Object.assign(error, { preempted: true })
  } finally {
    stoppedTx = 0
    currentTx = 0
  }
}

async function run(message) {
  switch (message.op) {
    case 'query':
      return statement(message.tx, async () => {
        const result = await db.query(message.sql, message.params)
        return { rows: result.rows, affectedRows: result.affectedRows ?? 0 }
      })
    case 'exec':
      return statement(message.tx, async () => {
        await db.exec(message.sql)
        return null
      })
    case 'begin':
      // Only a transaction with a timeout pays for the per-row clock (migrations, the seed and the
      // auth server's own statements run without one, as fast as before).
      await db.exec(message.timed ? 'begin; set local auto_explain.log_analyze = on' : 'begin')
      if (message.settings) await db.query(message.settings[0], message.settings[1])
      // Its share is counted from here, on this thread's clock.
      Object.assign(shared, { tx: message.share ? message.tx : 0, since: performance.now(), share: message.share })
      return null
    case 'listen': {
      const stop = await db.listen(message.channel, () => parentPort.postMessage({ notify: message.channel }))
      listeners.set(message.channel, stop)
      return null
    }
    case 'unlisten':
      await listeners.get(message.channel)?.()
      listeners.delete(message.channel)
      return null
    case 'dump': {
      const blob = await db.dumpDataDir('gzip')
      return await blob.arrayBuffer()
    }
    case 'close':
      await db.close()
      return null
    default:
      throw new Error(`Unknown operation ${message.op}`)
  }
}

parentPort.on('message', (message) => {
  run(message).then(
    (result) => parentPort.postMessage({ id: message.id, result }),
    (error) => parentPort.postMessage({ id: message.id, error: errorFields(error) }),
  )
})
parentPort.postMessage({ ready: true })
