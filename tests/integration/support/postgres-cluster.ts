// Starts a throw-away PostgreSQL server from the machine's own binaries (Debian's postgresql
// package) on a loopback port, for the integration tests that run on a real server too.
import { execFileSync, spawnSync } from 'node:child_process'
import { mkdtempSync, chmodSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { freePort } from './free-port'
import { postgresBinDir } from './postgres-bin'

export interface PostgresCluster {
  /** A connection string, as the bootstrap superuser unless `role` names another login role. */
  url: (database: string, role?: string) => string
  stop: () => void
}

/**
 * Undefined when no PostgreSQL binaries are installed (the tests then run on PGlite only).
 * `settings` are extra server settings (`-c name=value`), such as shared_preload_libraries;
 * `superuser` names the cluster's bootstrap superuser (Supabase's is `supabase_admin`, so that its
 * `postgres` can be an ordinary role).
 */
export async function startPostgresCluster(
  settings: Record<string, string> = {},
  options: { superuser?: string } = {},
): Promise<PostgresCluster | undefined> {
  const bin = postgresBinDir()
  if (!bin) return undefined
  const asRoot = process.getuid?.() === 0
  // PostgreSQL refuses to run as root; as root, run it as the `postgres` system user.
  const run = (command: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, command), args, { stdio: 'pipe' })
  const dir = mkdtempSync(join(tmpdir(), 'cauce-pg-'))
  if (asRoot) {
    chmodSync(dir, 0o777)
    spawnSync('chown', ['postgres', dir])
  }
  const data = join(dir, 'data')
  const user = options.superuser ?? (asRoot ? 'postgres' : (process.env.USER ?? 'postgres'))
  run('initdb', ['-D', data, '-U', user, '-A', 'trust', '--no-sync', '-E', 'UTF8', '--locale=C'])
  const start = (port: number) =>
    run('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'log'),
      '-w',
      '-o',
      [
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`,
        ...Object.entries(settings).map(([name, value]) => `-c ${name}=${value}`),
      ].join(' '),
      'start',
    ])
  let port = await freePort()
  // The port may be taken between freePort and the start: then the log says so, and another is tried.
  for (let attempt = 1; ; attempt++) {
    try {
      start(port)
      break
    } catch (error) {
      const log = readFileSync(join(dir, 'log'), 'utf8')
      if (attempt >= 5 || !log.includes('Address already in use')) throw error
      writeFileSync(join(dir, 'log'), '')
      port = await freePort()
    }
  }
  return {
    url: (database, role = user) => `postgres://${role}@127.0.0.1:${port}/${database}`,
    stop: () => {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', 'stop'])
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
