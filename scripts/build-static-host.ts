// `npm run build:static`: the built site laid out for a static host (Netlify's `_redirects` and
// `_headers`) in dist-static/, for the Supabase project the SPA was built for (README: Deploy).
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { buildStaticHost } from './lib/static-host'

const { values } = parseArgs({
  options: { dist: { type: 'string', default: 'dist' }, out: { type: 'string', default: 'dist-static' } },
})
if (existsSync('.env')) process.loadEnvFile('.env')
const siteUrl = process.env.SITE_URL
const supabaseUrl = process.env.VITE_SUPABASE_URL
if (!siteUrl || !supabaseUrl) {
  console.error('Set SITE_URL (the site’s public address) and VITE_SUPABASE_URL (the project), then build again.')
  process.exit(1)
}
if (!existsSync(`${values.dist}/index.html`)) {
  console.error(
    `No built site in ${values.dist}/: run \`npm run build\` with VITE_SUPABASE_URL and VITE_SUPABASE_ANON_KEY set.`,
  )
  process.exit(1)
}
// Origins dashboards may be framed from besides the known providers (decision 0039).
const frameSources = (process.env.DASHBOARD_FRAME_SOURCES ?? '').split(/\s+/).filter(Boolean)
const pages = await buildStaticHost({ dist: values.dist, out: values.out, siteUrl, supabaseUrl, frameSources })
console.log(`Wrote ${pages} pages, _redirects and _headers into ${values.out}/ for ${siteUrl}.`)
