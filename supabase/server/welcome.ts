// What `npm start` prints once the server listens: where the site is, the demo accounts and
// where development e-mail can be read. The accounts are the ones supabase/seed.sql creates.
import type { ServerDeps } from './deps'

export const demoAccounts = [
  {
    role: 'client',
    email: 'lucia.martin@example.com',
    name: 'Lucía Martín',
    organization: 'Almacenes Ribera',
    locale: 'es',
  },
  {
    role: 'client',
    email: 'james.whitaker@example.com',
    name: 'James Whitaker',
    organization: 'Almacenes Ribera',
    locale: 'en',
  },
  {
    role: 'client',
    email: 'daniel.ortega@example.com',
    name: 'Daniel Ortega',
    organization: 'Kuntur Pay',
    locale: 'es',
  },
  { role: 'client', email: 'sarah.cohen@example.com', name: 'Sarah Cohen', organization: 'Kuntur Pay', locale: 'en' },
  { role: 'admin', email: 'admin@caucedata.com', name: 'Marta Gil', organization: null, locale: 'es' },
  { role: 'super_admin', email: 'superadmin@caucedata.com', name: 'Andrés Vidal', organization: null, locale: 'en' },
] as const

export const demoPassword = 'demo-password-2026'

export function printWelcome(deps: ServerDeps) {
  const lines = [
    '',
    deps.env.SUPABASE_ONLY
      ? `  Supabase APIs ready at ${deps.apiOrigin}/ (Supabase-only mode: the site is the web tier's)`
      : `  Site ready at ${deps.siteOrigin}/`,
    `  Database: ${deps.db.kind === 'pglite' ? `embedded PGlite in ${deps.env.DATA_DIR}/db` : 'PostgreSQL (DATABASE_URL)'}`,
  ]
  if (deps.env.NODE_ENV !== 'production') {
    const width = Math.max(...demoAccounts.map((account) => account.email.length))
    lines.push('', `  Demo accounts (password: ${demoPassword}):`)
    for (const account of demoAccounts) {
      const where = account.organization ? `, ${account.organization}` : ''
      lines.push(`    ${account.email.padEnd(width)}  ${account.role}${where} (${account.locale})`)
    }
  }
  if (deps.catcher) lines.push(`  Outgoing e-mail (development inbox): ${deps.apiOrigin}/_dev/mail`)
  lines.push('')
  console.log(lines.join('\n'))
}
