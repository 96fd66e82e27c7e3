// One process at a time on an embedded database: PGlite takes no lock of its own, and two processes
// writing one data directory lose each other's commits without a word (decision 0027). A lock
// file beside the directory names the process that holds it; it is removed on close, and one left
// by a process that died is taken over.
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import { hostname } from 'node:os'
import { dirname, resolve } from 'node:path'
import { StartupError } from '../startup-error'

/** Thrown when another live process has the data directory open. */
export class DataDirInUseError extends StartupError {
  override name = 'DataDirInUseError'
}

interface Holder {
  pid: number
  host: string
}

function readHolder(path: string): Holder | undefined {
  try {
    const holder = JSON.parse(readFileSync(path, 'utf8')) as Partial<Holder>
    return typeof holder.pid === 'number' && typeof holder.host === 'string' ? (holder as Holder) : undefined
  } catch {
    return undefined // gone meanwhile, or not ours
  }
}

/** Lock files this process holds: its own pid in one is then no previous life. */
const heldHere = new Set<string>()

function inUse(dataDir: string, path: string, holder: Holder | undefined) {
  const who = holder ? `process ${holder.pid} on ${holder.host}` : 'another process'
  return new DataDirInUseError(
    `The embedded database in ${dataDir} is already open in ${who}. Only one server can use it at a ` +
      'time: stop the other one, or give this one its own DATA_DIR (or a DATABASE_URL). If no such ' +
      `process is running, delete ${path}.`,
  )
}

/** A zombie (killed, not yet reaped: in a container whose first process reaps nothing, never) is dead. */
function zombie(pid: number): boolean {
  try {
    // The state follows the command's closing parenthesis: "pid (comm) S ...".
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) === 'Z'
  } catch {
    return false // no /proc here (macOS), or gone meanwhile
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
  return !zombie(pid)
}

/**
 * Takes the lock of `dataDir` (the file `<dataDir>.lock`) or throws DataDirInUseError; returns the
 * function that gives it back. A holder on another machine (a shared volume) cannot be checked,
 * so it counts as alive.
 */
export function lockDataDir(dataDir: string): () => void {
  const path = `${resolve(dataDir)}.lock`
  const me: Holder = { pid: process.pid, host: hostname() }
  if (heldHere.has(path)) throw inUse(dataDir, path, me)
  mkdirSync(dirname(path), { recursive: true })
  for (let attempt = 0; ; attempt++) {
    // Written aside, then linked into place: a link is made by exactly one of any processes trying
    // at once, and the lock file is never seen half written.
    const draft = `${path}.${me.pid}`
    writeFileSync(draft, JSON.stringify(me))
    try {
      linkSync(draft, path)
      heldHere.add(path)
      return () => {
        if (!heldHere.delete(path)) return
        if (readHolder(path)?.pid === me.pid) unlinkSync(path)
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
    const holder = readHolder(path)
    // Our own pid in the file is a previous life of this process (a container restarted): stale.
    const held = holder && (holder.host !== me.host || (holder.pid !== me.pid && alive(holder.pid)))
    if (held || attempt >= 2) throw inUse(dataDir, path, holder)
    // Left by a process that died: take it over.
    // Two processes doing so at the same instant could both succeed; that needs a crash and two
    // starts within a millisecond, which one server per data directory does not do.
    try {
      unlinkSync(path)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
    }
  }
}
