// One server of an end-to-end run (playwright.config.ts): our server exactly as `npm start` serves
// the build, on a fresh database. Where PostgreSQL's binaries are installed (CI installs them) and
// E2E_DATABASE is not `pglite`, that database is a throw-away PostgreSQL run as this process's
// child: its queries then run beside the server's event loop instead of inside it, which is how
// the product runs in production. Otherwise it is the embedded PGlite under DATA_DIR, as `npm
// start` uses. Playwright stops the whole process group, so the database goes with the server.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { chmodSync, existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { join, resolve } from 'node:path'

const dataDir = resolve(process.env.DATA_DIR ?? '.data/e2e')
rmSync(dataDir, { recursive: true, force: true })
mkdirSync(dataDir, { recursive: true })

const children: ChildProcess[] = []
let stopping = false
/** The server first, then the database it would otherwise see vanish under it. */
async function stopAll(code: number): Promise<never> {
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

function postgresBin(): string | undefined {
  if (process.env.E2E_DATABASE === 'pglite') return undefined
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  return versions.map((v) => join(root, v, 'bin')).find((dir) => existsSync(join(dir, 'postgres')))
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer()
    probe.once('error', fail)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => done(port))
    })
  })
}

/** Starts PostgreSQL in the foreground as a child; resolves to its URL once it takes connections. */
async function startPostgres(bin: string): Promise<string> {
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

const bin = postgresBin()
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
if (bin) env.DATABASE_URL = await startPostgres(bin)

const server = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'supabase/server/index.ts'], {
  env,
  stdio: ['ignore', 'inherit', 'inherit'],
})
children.push(server)
server.once('exit', (code) => {
  if (!stopping) void stopAll(code ?? 1)
})
