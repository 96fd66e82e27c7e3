// `npm run seed:files`: puts the demo documents' files in place through the Storage API, on our own
// server or a Supabase project alike (after `supabase db push` and the seed). SUPABASE_URL and
// SUPABASE_SERVICE_ROLE_KEY name the project, from the environment or .env; unset, they are our
// local server's URL and development service key. `--replace` also overwrites a document's file
// that is not its demo file. Running it again changes nothing, and says so.
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { seedDemoFiles, seedingClient } from '../supabase/demo-files/seed'
import { siteOrigin } from '../supabase/server/env'
import { developmentKeys } from '../supabase/server/lib/dev-keys'

const { values: flags } = parseArgs({ options: { replace: { type: 'boolean', default: false } } })
// Settings from .env when present; variables already in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env')
const env = process.env

const url = (
  env.SUPABASE_URL ||
  siteOrigin({ SITE_URL: env.SITE_URL || undefined, HOST: env.HOST || 'localhost', PORT: Number(env.PORT || 3000) })
).replace(/\/$/, '')
const key = env.SUPABASE_SERVICE_ROLE_KEY || env.SERVICE_ROLE_KEY || developmentKeys.serviceRoleKey

try {
  const result = await seedDemoFiles(seedingClient(url, key), { replace: flags.replace })
  const files = (n: number) => `${n} demo file${n === 1 ? '' : 's'}`
  if (result.uploaded.length > 0) console.log(`Uploaded ${files(result.uploaded.length)} to ${url}.`)
  if (result.unchanged.length > 0)
    console.log(
      `${files(result.unchanged.length)} already in place${result.uploaded.length ? '' : ': nothing to upload'}.`,
    )
  if (result.settled > 0) console.log(`Recorded the real size and uploader of ${result.settled} document(s).`)
  if (result.kept.length > 0)
    console.log(
      `Kept ${result.kept.length} file(s) that are not the demo's (--replace overwrites them):\n  ${result.kept.join('\n  ')}`,
    )
  if (result.uploaded.length === 0 && result.settled === 0) console.log('Nothing changed.')
  if (result.uploaded.length + result.unchanged.length + result.kept.length === 0)
    console.log(`No documents at ${url} to seed files for: apply supabase/seed.sql first.`)
} catch (error) {
  const message = error instanceof Error ? error.message : String(error)
  console.error(`Could not seed the demo files at ${url}: ${message}`)
  if (/fetch failed|ECONNREFUSED/.test(message)) console.error('Is the server running there (npm start)?')
  process.exit(1)
}
