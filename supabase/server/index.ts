// Starts the server: the built site (and, later, the Supabase APIs) on one port.
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { readEnv } from './env'

const env = readEnv()
if (!existsSync(join(env.SITE_DIST, 'index.html'))) {
  console.error(`No built site in ${env.SITE_DIST}/. Run "npm run build" first (npm start does it for you).`)
  process.exit(1)
}

const server = serve({ fetch: createApp(env).fetch, hostname: env.HOST, port: env.PORT }, (info) => {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  console.log(`\n  Site ready at http://${host}:${info.port}/\n`)
})

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)))
}
