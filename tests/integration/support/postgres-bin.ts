// Where the tests find PostgreSQL's server binaries: TEST_POSTGRES_BIN (a bin folder installed
// elsewhere), else the newest of Debian's /usr/lib/postgresql/<version>/bin. The one lookup of the
// integration tests (postgres-cluster.ts, global-setup.ts) and the end-to-end stacks
// (tests/e2e/support/database.ts). No side effects: the tests that prove a partial run fails in
// CI (partial-run.test.ts) call it in-process.
import { existsSync, readdirSync } from 'node:fs'
import { join } from 'node:path'

/** What the integration clusters and the end-to-end stacks run from a bin folder. */
const needed = ['initdb', 'pg_ctl', 'postgres', 'pg_isready']

/** The bin folder of PostgreSQL's server binaries, or undefined when the machine has none. */
export function postgresBinDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const complete = (dir: string) => needed.every((name) => existsSync(join(dir, name)))
  const chosen = env.TEST_POSTGRES_BIN
  if (chosen) return complete(chosen) ? chosen : undefined
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root).sort((a, b) => Number(b) - Number(a))
  return versions.map((v) => join(root, v, 'bin')).find(complete)
}

/** Whether the PostgreSQL in `bin` has the server library of `extension` (pg_cron, say). */
export function hasServerLibrary(extension: string, bin = postgresBinDir()): boolean {
  return bin !== undefined && existsSync(join(bin, '..', 'lib', `${extension}.so`))
}

/** How the places a lookup can look in are named in a message. */
export const postgresBinPlaces = '/usr/lib/postgresql/*/bin (or TEST_POSTGRES_BIN)'
