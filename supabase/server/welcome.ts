// What `npm start` prints once the server listens: where the site is, the demo accounts and
// where development e-mail can be read.
import type { ServerDeps } from './deps'

export const demoAccounts = [
  { role: 'client', email: 'lucia.martin@example.com' },
  { role: 'client', email: 'daniel.ortega@example.com' },
  { role: 'admin', email: 'admin@caucedata.com' },
  { role: 'super_admin', email: 'superadmin@caucedata.com' },
] as const

export const demoPassword = 'demo-password-2026'

export function printWelcome(deps: ServerDeps) {
  const lines = [
    '',
    `  Site ready at ${deps.siteOrigin}/`,
    `  Database: ${deps.db.kind === 'pglite' ? `embedded PGlite in ${deps.env.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}`,
  ]
  if (deps.catcher) lines.push(`  Outgoing e-mail (development inbox): ${deps.siteOrigin}/_dev/mail`)
  lines.push('')
  console.log(lines.join('\n'))
}
