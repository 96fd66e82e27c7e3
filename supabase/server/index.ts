// Starts the server: the built site and the Supabase-compatible APIs on one port, on the
// embedded database unless DATABASE_URL names another.
import { existsSync } from 'node:fs'
import type { Server as HttpServer } from 'node:http'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { readEnv } from './env'
import { createServer } from './server'
import { StartupError } from './startup-error'
import { stopOnSignals } from './lib/graceful-stop'
import { printWelcome } from './welcome'

// Settings from .env when present; variables already in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env')
const env = readEnv()
if (!existsSync(join(env.SITE_DIST, 'index.html'))) {
  console.error(`No built site in ${env.SITE_DIST}/. Run "npm run build" first (npm start does it for you).`)
  process.exit(1)
}

const server = await createServer({ env, log: (line) => console.log(`  database: ${line}`) }).catch(
  (error: unknown) => {
    // A reason the operator can act on (the data directory in use, a start-up lock held too long).
    if (!(error instanceof StartupError)) throw error
    console.error(error.message)
    process.exit(1)
  },
)
// serve() makes a plain node:http server unless told otherwise.
const http = serve({ fetch: server.app.fetch, hostname: env.HOST, port: env.PORT }, () =>
  printWelcome(server.deps),
) as HttpServer
server.realtime.attach(http)

// Open WebSockets would keep the HTTP server from closing: they are closed first.
stopOnSignals(http, env.SHUTDOWN_GRACE_MS, { before: () => server.realtime.close(), after: () => server.close() })
