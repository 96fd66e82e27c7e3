// The database of an end-to-end stack: a throw-away PostgreSQL where its server binaries are found
// (the integration tests' lookup: TEST_POSTGRES_BIN, else Debian's /usr/lib/postgresql/*/bin),
// PGlite otherwise or with E2E_DATABASE=pglite. In CI a missing PostgreSQL stops the run (as the
// integration tests' global setup does) instead of passing it on PGlite: the end-to-end tests are
// where the REST and auth paths run on Supabase's engine (decision 0030).
import { postgresBinDir, postgresBinPlaces } from '../../integration/support/postgres-bin'

/** The bin folder of the PostgreSQL to start, or undefined for PGlite; throws in CI when it is missing. */
export function postgresBin(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.E2E_DATABASE === 'pglite') return undefined
  const bin = postgresBinDir(env)
  if (!bin && env.CI)
    throw new Error(
      'CI runs the end-to-end tests on PostgreSQL, but no PostgreSQL server binaries were found under ' +
        `${postgresBinPlaces}. Install them (Debian: apt-get install postgresql; .ci/run does), or set ` +
        'E2E_DATABASE=pglite to run on PGlite on purpose.',
    )
  return bin
}
