// The processes of an end-to-end stack (serve.ts, serve-hosted.ts): a throw-away PostgreSQL where
// its binaries are installed, and children stopped in reverse order on SIGTERM (Playwright stops
// the whole process group, so the database goes with the servers).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, mkdirSync, rmSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { freePort } from '../../integration/support/free-port'

const children: ChildProcess[] = []
let stopping = false
/** The servers first, then the database they would otherwise see vanish under them. */
export async function stopAll(code: number): Promise<never> {
  if (!stopping) {
    stopping = true
    for (const child of [...children].reverse()) {
      if (child.exitCode !== null || child.signalCode !== null) continue
      const exited = new Promise((done) => child.once('exit', done))
      child.kill('SIGTERM')
      await Promise.race([exited, new Promise((done) => setTimeout(done, 3_000))])
    }
  }
  process.exit(code)
}
process.on('SIGTERM', () => void stopAll(0))
process.on('SIGINT', () => void stopAll(0))

/** A fresh, empty folder. */
export function freshDir(path: string): string {
  const dir = resolve(path)
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  return dir
}

/** Starts `args` on Node (tsx for TypeScript) as a child whose exit ends the stack. */
export function spawnNode(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', ...args], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  children.push(child)
  child.once('exit', (code) => {
    if (!stopping) void stopAll(code ?? 1)
  })
  return child
}

/** Keeps `child` in the stack: stopped with it, and its unexpected exit ends it. */
export function adopt(child: ChildProcess): void {
  children.push(child)
  child.once('exit', (code) => {
    if (!stopping) void stopAll(code ?? 1)
  })
}

/** Starts PostgreSQL in the foreground as a child; resolves to its URL once it takes connections. */
export async function startPostgres(bin: string, dataDir: string): Promise<string> {
  const asRoot = process.getuid?.() === 0
  // PostgreSQL refuses to run as root; as root, it runs as the `postgres` system user.
  const command = (name: string, args: string[]): [string, string[]] =>
    asRoot ? ['runuser', ['-u', 'postgres', '--', join(bin, name), ...args]] : [join(bin, name), args]
  const data = join(dataDir, 'postgres')
  if (asRoot) {
    chmodSync(dataDir, 0o777)
    spawnSync('chown', ['postgres', dataDir])
  }
  const user = asRoot ? 'postgres' : (process.env.USER ?? 'postgres')
  const init = spawnSync(
    ...command('initdb', ['-D', data, '-U', user, '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C']),
  )
  if (init.status !== 0) throw new Error(`initdb failed: ${init.stderr}`)
  const port = await freePort()
  const settings = ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
  const server = spawn(
    ...command('postgres', ['-D', data, '-p', String(port), '-k', dataDir, '-h', '127.0.0.1', ...settings]),
    { stdio: ['ignore', 'ignore', 'pipe'] },
  )
  children.push(server)
  const log: string[] = []
  server.stderr!.on('data', (chunk: Buffer) => log.push(chunk.toString()))
  server.once('exit', (code) => {
    if (stopping) return
    process.stderr.write(`PostgreSQL stopped (${code}):\n${log.join('').slice(-2000)}\n`)
    void stopAll(1)
  })
  for (let attempt = 0; attempt < 300; attempt++) {
    const ready = spawnSync(join(bin, 'pg_isready'), ['-q', '-h', '127.0.0.1', '-p', String(port)])
    if (ready.status === 0) return `postgres://${user}@127.0.0.1:${port}/postgres`
    await new Promise((done) => setTimeout(done, 100))
  }
  throw new Error(`PostgreSQL did not start:\n${log.join('')}`)
}
