// The hosted stack of `npm run test:hosted` (decision 0028): the product as it runs on Supabase,
// each part on its own origin.
// - the "project": our server in Supabase-only mode (SUPABASE_ONLY), answering only what Supabase
//   has, on a throw-away PostgreSQL where installed;
// - its Edge Functions, each on Deno as `supabase functions serve` runs them, behind one URL
//   (FUNCTIONS_URL) that routes /<name> to its function;
// - Supabase Cron's stand-in (cron.ts), calling the scheduled function as pg_net does;
// - the site, built for the project's URL and keys (VITE_SUPABASE_URL, VITE_SUPABASE_ANON_KEY),
//   served by the stateless web tier on its own origin;
// - the mail provider: the server's development catcher on a known SMTP port, which the functions
//   send to, read by the tests at /_dev/mail;
// - the BI provider: the stand-in serve-all.ts starts (bi-stand-in.ts), whose Metabase secret
//   dashboard-embed gets as `supabase secrets set` would give it, and whose origins the web tier's
//   Content-Security-Policy lets the portal frame.
// Playwright stops the whole process group.
import { spawn } from 'node:child_process'
import { join, resolve } from 'node:path'
import { developmentKeys } from '../../../supabase/server/lib/dev-keys'
import { readEnv } from '../../../supabase/server/env'
import { functionSettings } from '../../../supabase/server/functions/settings'
import { functionNames } from '../../../scripts/lib/deno'
import { serveOnDeno, startFunctionsRouter } from '../../../scripts/lib/deno-serve'
import { startCron } from './cron'
import { adopt, freshDir, spawnNode, startPostgres } from './processes'
import { postgresBin } from './database'
import { biStandInOrigin, biStandInPort, biStandInSecret, hostedPorts, hostedSiteDist } from './servers'

const log = (line: string) => process.stderr.write(`[hosted] ${line}\n`)
const apiOrigin = `http://127.0.0.1:${hostedPorts.api}`
const siteOrigin = `http://localhost:${hostedPorts.site}`

// 1. The site, built for the project (skipped with E2E_HOSTED_BUILT=1 when dist-hosted is current),
// while the rest starts: only the web tier (step 5) needs it.
const built =
  process.env.E2E_HOSTED_BUILT === '1'
    ? Promise.resolve()
    : new Promise<void>((done, fail) => {
        const build = spawn(process.execPath, ['scripts/build-site.mjs', '--outDir', hostedSiteDist, '--quiet'], {
          env: { ...process.env, VITE_SUPABASE_URL: apiOrigin, VITE_SUPABASE_ANON_KEY: developmentKeys.anonKey },
          stdio: ['ignore', 'ignore', 'inherit'],
        })
        build.once('error', fail)
        build.once('exit', (code) =>
          code === 0 ? done() : fail(new Error('building the site for the hosted stack failed')),
        )
      })

// 2. The project's database and server.
const dataDir = freshDir(process.env.DATA_DIR ?? '.data/e2e-hosted')
const bin = postgresBin()
const databaseUrl = bin ? await startPostgres(bin, dataDir) : undefined
const serverEnv: Record<string, string> = {
  ...(process.env as Record<string, string>),
  NODE_ENV: 'test',
  HOST: '127.0.0.1',
  PORT: String(hostedPorts.api),
  DATA_DIR: dataDir,
  SITE_URL: siteOrigin,
  API_EXTERNAL_URL: apiOrigin,
  SUPABASE_ONLY: 'true',
  FUNCTIONS_URL: `http://127.0.0.1:${hostedPorts.functions}`,
  MAIL_CATCHER_PORT: String(hostedPorts.mail),
  // The stand-in BI provider is on local http: the row of private.dashboard_settings an operator
  // would set with SQL (tests only; production refuses it).
  DASHBOARD_LOCAL_HTTP: 'true',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
}
// What Supabase gives each function, plus its secrets, as `supabase secrets set` would: the mail
// transport, and dashboard-embed's Metabase site and embedding secret (the stand-in's). The
// project's own server has no Metabase settings: on Supabase they are the function's alone.
const functionEnv = {
  ...functionSettings(
    readEnv(serverEnv),
    { site: siteOrigin, api: apiOrigin },
    { transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${hostedPorts.mail + 1}` },
  ),
  METABASE_SITE_URL: biStandInOrigin,
  METABASE_SECRET_KEY: biStandInSecret,
}

// 3. The functions on Deno, one process each, and the URL that routes to them.
const router = await startFunctionsRouter(hostedPorts.functions)
await Promise.all(
  functionNames().map(async (name) => {
    // Deno says where it listens; the rest of what it says goes on to ours.
    const fn = await serveOnDeno(name, functionEnv, { echo: (chunk) => process.stderr.write(chunk) })
    adopt(fn.child)
    router.add(name, fn)
  }),
)

// 4. The project's server (migrations, seed, demo files through its Storage API), then its schedule.
spawnNode([resolve('supabase/server/index.ts')], serverEnv)
await waitFor(`${apiOrigin}/auth/v1/health`)
startCron({
  projectUrl: apiOrigin,
  serviceRoleKey: developmentKeys.serviceRoleKey,
  databaseUrl,
  intervalMs: 3_000,
  log,
})

// 5. The site, from the stateless web tier.
await built
spawnNode([resolve('supabase/server/web-tier/index.ts')], {
  ...process.env,
  NODE_ENV: 'test',
  HOST: 'localhost',
  PORT: String(hostedPorts.site),
  SITE_URL: siteOrigin,
  SITE_DIST: join(hostedSiteDist),
  SUPABASE_URL: apiOrigin,
  SUPABASE_ANON_KEY: developmentKeys.anonKey,
  // Its frame-src: the Metabase site (the stand-in on localhost) and a host staff allow (the
  // stand-in on 127.0.0.1), as an operator sets them for the web tier.
  METABASE_SITE_URL: biStandInOrigin,
  DASHBOARD_FRAME_SOURCES: `http://127.0.0.1:${biStandInPort}`,
})

async function waitFor(url: string) {
  for (let attempt = 0; attempt < 1200; attempt++) {
    const ok = await fetch(url, { headers: { apikey: developmentKeys.anonKey } })
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((done) => setTimeout(done, 250))
  }
  throw new Error(`${url} did not answer`)
}
