// One server of an end-to-end run (playwright.config.ts): our server exactly as `npm start` serves
// the build, on a fresh database. Where PostgreSQL's binaries are installed (CI installs them) and
// E2E_DATABASE is not `pglite`, that database is a throw-away PostgreSQL run as this process's
// child: its queries then run beside the server's event loop instead of inside it, which is how
// the product runs in production. Otherwise it is the embedded PGlite under DATA_DIR, as `npm
// start` uses. Playwright stops the whole process group, so the database goes with the server.
import { resolve } from 'node:path'
import { freshDir, spawnNode, startPostgres } from './processes'
import { postgresBin } from './database'

const dataDir = freshDir(process.env.DATA_DIR ?? '.data/e2e')
const bin = postgresBin()
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir }
if (bin) env.DATABASE_URL = await startPostgres(bin, dataDir)
spawnNode([resolve('supabase/server/index.ts')], env)
