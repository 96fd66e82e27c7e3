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
//   send to, read by the tests at /_dev/mail.
// Playwright stops the whole process group.
import { spawn, spawnSync } from 'node:child_process'
import { createServer, request as httpRequest } from 'node:http'
import { join, resolve } from 'node:path'
import { developmentKeys } from '../../../supabase/server/lib/dev-keys'
import { readEnv } from '../../../supabase/server/env'
import { functionSettings } from '../../../supabase/server/functions/settings'
import { denoBin, denoEnv, functionFiles, functionNames } from '../../../scripts/lib/deno'
import { startCron } from './cron'
import { adopt, freePort, freshDir, postgresBin, spawnNode, startPostgres } from './processes'
import { hostedPorts, hostedSiteDist } from './servers'

const log = (line: string) => process.stderr.write(`[hosted] ${line}\n`)
const apiOrigin = `http://127.0.0.1:${hostedPorts.api}`
const siteOrigin = `http://localhost:${hostedPorts.site}`
const functionsUrl = `http://127.0.0.1:${hostedPorts.functions}`

// 1. The site, built for the project (skipped with E2E_HOSTED_BUILT=1 when dist-hosted is current).
if (process.env.E2E_HOSTED_BUILT !== '1') {
  const build = spawnSync(process.execPath, ['scripts/build-site.mjs', '--outDir', hostedSiteDist, '--quiet'], {
    env: { ...process.env, VITE_SUPABASE_URL: apiOrigin, VITE_SUPABASE_ANON_KEY: developmentKeys.anonKey },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  if (build.status !== 0) throw new Error('building the site for the hosted stack failed')
}

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
  FUNCTIONS_URL: functionsUrl,
  MAIL_CATCHER_PORT: String(hostedPorts.mail),
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
}
// What Supabase gives each function, plus its secrets, as `supabase secrets set` would.
const functionEnv = functionSettings(
  readEnv(serverEnv),
  { site: siteOrigin, api: apiOrigin },
  { transport: 'smtp', smtpUrl: `smtp://127.0.0.1:${hostedPorts.mail + 1}` },
)

// 3. The functions on Deno, one process each, and the URL that routes to them.
const routes = new Map<string, number>()
await Promise.all(
  functionNames().map(async (name) => {
    const port = await freePort()
    const { config, entry } = functionFiles(name)
    const child = spawn(
      denoBin,
      ['run', '--no-prompt', '--config', config, '--allow-net=127.0.0.1', '--allow-env', entry],
      {
        env: denoEnv({ ...functionEnv, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` }),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    adopt(child)
    // Deno says where it listens on stderr; the rest of what it says goes on to ours.
    await new Promise<void>((done) => {
      let output = ''
      const read = (chunk: Buffer) => {
        if (!output.includes('Listening on')) {
          output += chunk.toString()
          if (output.includes('Listening on')) done()
        } else process.stderr.write(chunk)
      }
      child.stdout!.on('data', read)
      child.stderr!.on('data', read)
    })
    routes.set(name, port)
  }),
)
createServer((incoming, outgoing) => {
  const name = decodeURIComponent((incoming.url ?? '/').split(/[/?]/)[1] ?? '')
  const port = routes.get(name)
  if (!port) {
    outgoing.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"function not found"}')
    return
  }
  const forwarded = httpRequest(
    { host: '127.0.0.1', port, path: incoming.url, method: incoming.method, headers: incoming.headers },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
      answer.pipe(outgoing)
    },
  )
  forwarded.on('error', () => outgoing.writeHead(502).end())
  incoming.pipe(forwarded)
}).listen(hostedPorts.functions, '127.0.0.1')

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
spawnNode([resolve('supabase/server/web-tier/index.ts')], {
  ...process.env,
  NODE_ENV: 'test',
  HOST: 'localhost',
  PORT: String(hostedPorts.site),
  SITE_URL: siteOrigin,
  SITE_DIST: join(hostedSiteDist),
  SUPABASE_URL: apiOrigin,
  SUPABASE_ANON_KEY: developmentKeys.anonKey,
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
