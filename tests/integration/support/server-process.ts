// Runs the real server (`node --import tsx supabase/server/index.ts`) as a child process on a free
// port, for tests that must kill it outright. One process, not tsx's CLI: that one runs the server
// in a grandchild and may exit before it, so a signal and the wait for the exit reach the server.
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'

/** dist/ when the site is built, otherwise a folder with a minimal index.html (the server needs one). */
export function siteDist(): string {
  if (existsSync(join(process.cwd(), 'dist', 'index.html'))) return 'dist'
  const dir = mkdtempSync(join(tmpdir(), 'cauce-site-'))
  writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Cauce Data</title>')
  return dir
}

export interface ServerProcess {
  url: string
  /** Everything the server printed so far (stdout and stderr). */
  output(): string
  /** Sends the signal and resolves once the server has exited. */
  signal(signal: NodeJS.Signals): Promise<void>
}

// Every group still alive is killed when the test process ends, even after a failed test.
const running = new Set<ChildProcess>()
process.once('exit', () => {
  for (const child of running) killGroup(child, 'SIGKILL')
})

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  try {
    if (child.pid) process.kill(-child.pid, signal)
  } catch {
    // Already gone.
  }
}

/** Kills every server this file started that is still running. For afterAll. */
export function killAllServerProcesses() {
  for (const child of running) killGroup(child, 'SIGKILL')
  running.clear()
}

/**
 * Starts the server. Without `PORT` it takes a free port, and takes another if that one was taken
 * in between (another process may bind it, or use it as a client socket's local port, after
 * `freePort` released it).
 */
export async function startServerProcess(env: Record<string, string>, timeoutMs = 45_000): Promise<ServerProcess> {
  if (env.PORT) return startOnce(env, timeoutMs)
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce({ ...env, PORT: String(await freePort()) }, timeoutMs)
    } catch (error) {
      if (attempt >= 5 || !(error instanceof Error) || !error.message.includes('EADDRINUSE')) throw error
    }
  }
}

async function startOnce(env: Record<string, string>, timeoutMs: number): Promise<ServerProcess> {
  const port = Number(env.PORT)
  const child = spawn(process.execPath, ['--import', 'tsx', 'supabase/server/index.ts'], {
    cwd: process.cwd(),
    env: { PATH: process.env.PATH ?? '', HOST: 'localhost', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  })
  running.add(child)
  let printed = ''
  child.stdout?.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  child.stderr?.on('data', (chunk: Buffer) => (printed += chunk.toString()))
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  void exited.then(() => running.delete(child))

  const url = `http://localhost:${port}`
  const deadline = Date.now() + timeoutMs
  let gone = false
  void exited.then(() => (gone = true))
  for (;;) {
    if (gone) throw new Error(`The server exited before it was ready:\n${printed}`)
    if (printed.includes('Site ready')) {
      const answered = await fetch(`${url}/`).then(
        (response) => response.ok,
        () => false,
      )
      if (answered) break
    }
    if (Date.now() > deadline) {
      killGroup(child, 'SIGKILL')
      throw new Error(`The server was not ready after ${timeoutMs} ms:\n${printed}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 50))
  }

  return {
    url,
    output: () => printed,
    async signal(signal) {
      if (signal === 'SIGKILL') killGroup(child, signal)
      else child.kill(signal)
      await exited
    },
  }
}
