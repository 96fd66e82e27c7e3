// The end-to-end run's three stacks, started at once (Playwright starts its web servers one after
// another, and the three took over a minute that way): the main server and the short-token one
// (serve.ts each, on their own ports and data folders) and the hosted stack (serve-hosted.ts).
// Each is a child process; when all three answer, this process answers on `readyPort`, which is
// what Playwright waits for. SIGTERM stops them all (processes.ts), as does any one's exit.
import { createServer } from 'node:http'
import { resolve } from 'node:path'
import { spawnNode } from './processes'
import { postgresBin } from './database'
import { startBiStandIn } from './bi-stand-in'
import {
  biStandInOrigin,
  biStandInPort,
  biStandInSecret,
  dataDirs,
  hostedBaseURL,
  mainBaseURL,
  mainPort,
  readyPort,
  refreshBaseURL,
  refreshPort,
  shortTokenSeconds,
} from './servers'

// In CI, a machine without PostgreSQL stops the run here, once, before any stack starts (each
// stack looks again, for its own database).
postgresBin()
const serve = resolve('tests/e2e/support/serve.ts')
// The main server frames dashboards from the stand-in BI provider (tests only: local http).
await startBiStandIn(biStandInPort, biStandInSecret)
spawnNode([serve], {
  ...process.env,
  PORT: String(mainPort),
  DATA_DIR: dataDirs.main,
  DASHBOARD_LOCAL_HTTP: 'true',
  METABASE_SITE_URL: biStandInOrigin,
  METABASE_SECRET_KEY: biStandInSecret,
})
spawnNode([serve], {
  ...process.env,
  PORT: String(refreshPort),
  DATA_DIR: dataDirs.refresh,
  // Short-lived access tokens, for session-refresh.spec.ts.
  JWT_EXPIRY: String(shortTokenSeconds),
})
spawnNode([resolve('tests/e2e/support/serve-hosted.ts')], { ...process.env, DATA_DIR: dataDirs.hosted })

async function answers(url: string): Promise<void> {
  for (;;) {
    const ok = await fetch(url)
      .then((response) => response.ok)
      .catch(() => false)
    if (ok) return
    await new Promise((done) => setTimeout(done, 250))
  }
}

await Promise.all([mainBaseURL, refreshBaseURL, hostedBaseURL].map((base) => answers(`${base}/`)))
createServer((_, response) => response.end('ready')).listen(readyPort, 'localhost')
