// Starts the web tier (`npm run serve:site`): the built site alone, in front of the Supabase
// project named by SUPABASE_URL, with no database of its own (README: Deploy).
import { existsSync } from 'node:fs'
import type { Server as HttpServer } from 'node:http'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { siteOrigin } from '../env'
import { stopOnSignals } from '../lib/graceful-stop'
import { createWebTierApp } from './app'
import { readWebTierEnv } from './settings'

// Settings from .env when present; variables already in the environment win.
if (existsSync('.env')) process.loadEnvFile('.env')
let env: ReturnType<typeof readWebTierEnv>
try {
  env = readWebTierEnv()
} catch (error) {
  console.error((error as Error).message)
  process.exit(1)
}
if (!existsSync(join(env.SITE_DIST, 'index.html'))) {
  console.error(`No built site in ${env.SITE_DIST}/. Build it for the project first (README: Deploy).`)
  process.exit(1)
}

const app = createWebTierApp(env)
// serve() makes a plain node:http server unless told otherwise.
const http = serve({ fetch: app.fetch, hostname: env.HOST, port: env.PORT }, () => {
  console.log(`\n  Site ready at ${siteOrigin(env)}/ (web tier for ${env.SUPABASE_URL})\n`)
}) as HttpServer
stopOnSignals(http, env.SHUTDOWN_GRACE_MS)
