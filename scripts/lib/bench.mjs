// What the benchmark scripts share: our server in a child process, the machine's description and
// rewriting one section of docs/benchmarks.md.
import { spawn, execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { cpus, totalmem } from 'node:os'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..')

export const delay = (ms) => new Promise((resolvePromise) => setTimeout(resolvePromise, ms))

export async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) })
    await response.arrayBuffer()
    return response.ok
  } catch {
    return false
  }
}

/**
 * Starts supabase/server in its own process group (so tsx's child node process stops with it)
 * and waits until `readyPath` answers. Returns the origin, a stop() and a synchronous kill().
 */
export async function startServer({ port, host = 'localhost', env = {}, readyPath = '/es' }) {
  const origin = `http://${host}:${port}`
  if (await answers(`${origin}/`)) throw new Error(`Port ${port} is already in use; stop whatever listens there first.`)
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'supabase/server/index.ts'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: host, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  let log = ''
  const exited = new Promise((resolvePromise) => child.on('exit', (code, signal) => resolvePromise(signal ?? code)))
  child.stdout.on('data', (chunk) => (log += chunk))
  child.stderr.on('data', (chunk) => (log += chunk))

  const kill = (signal) => {
    try {
      process.kill(-child.pid, signal)
    } catch {
      // already gone
    }
  }
  const running = () => child.exitCode === null && child.signalCode === null
  const stop = async () => {
    if (!running()) return
    const gone = new Promise((resolvePromise) => child.once('exit', resolvePromise))
    kill('SIGTERM')
    if (!(await Promise.race([gone.then(() => true), delay(5_000).then(() => false)]))) {
      kill('SIGKILL')
      await gone
    }
  }

  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    const status = await Promise.race([exited.then((how) => ({ how })), delay(250).then(() => null)])
    if (status) throw new Error(`The server stopped before answering (exit ${status.how}):\n${log}`)
    if (await answers(origin + readyPath)) return { origin, stop, kill: () => running() && kill('SIGKILL') }
  }
  await stop()
  throw new Error(`The server did not answer on ${origin} within 30 s:\n${log}`)
}

/** The checkout's short commit, marked when tracked files have uncommitted changes. */
export function gitCommit() {
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim()
    const dirty = execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
      cwd: ROOT,
      encoding: 'utf8',
    }).trim()
    return dirty ? `${commit} (with uncommitted changes)` : commit
  } catch {
    return 'unknown' // not a git checkout
  }
}

/**
 * Runs `npx args` in its own process group (killed whole after `timeoutMs`), its output ignored;
 * rejects naming `what` with the last `tail` lines of its stderr unless it exits with 0.
 */
export function runNpx(args, { cwd, env = process.env, timeoutMs, what, tail }) {
  let stderr = ''
  return new Promise((resolvePromise, reject) => {
    const child = spawn('npx', args, { cwd, env, stdio: ['ignore', 'ignore', 'pipe'], detached: true })
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid, 'SIGKILL')
      } catch {
        // already gone
      }
    }, timeoutMs)
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.on('error', reject)
    child.on('exit', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolvePromise()
      else
        reject(
          new Error(`${what} exited with ${signal ?? code}:\n${stderr.trim().split('\n').slice(-tail).join('\n')}`),
        )
    })
  })
}

export function machineInfo(chromiumVersion) {
  let cpu = 'unknown'
  try {
    const cpuinfo = readFileSync('/proc/cpuinfo', 'utf8')
    cpu = cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? cpu
  } catch {
    cpu = cpus()[0]?.model ?? cpu
  }
  const commit = gitCommit()
  return {
    date: new Date().toISOString(),
    cpu,
    cores: cpus().length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    node: process.version,
    chromium: chromiumVersion,
    commit,
  }
}

/** Replaces the `## title` section of the document (or appends it); `intro` starts a new file. */
export async function writeDocSection(docPath, title, section, intro) {
  await mkdir(dirname(docPath), { recursive: true })
  let doc = existsSync(docPath) ? await readFile(docPath, 'utf8') : intro
  const lines = doc.split('\n')
  const start = lines.findIndex((line) => line.trim() === title)
  if (start === -1) {
    doc = `${doc.replace(/\n*$/, '')}\n\n${section}`
  } else {
    let end = lines.findIndex((line, index) => index > start && /^#{1,2} /.test(line))
    if (end === -1) end = lines.length
    const before = lines.slice(0, start).join('\n').replace(/\n*$/, '')
    const after = lines.slice(end).join('\n').replace(/^\n*/, '')
    doc = `${before}\n\n${section}${after ? `\n${after}` : ''}`
  }
  await writeFile(docPath, doc.replace(/\n*$/, '\n'))
}
