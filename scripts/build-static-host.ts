// `npm run build:static`: the built site laid out for a static host (Netlify's `_redirects` and
// `_headers`) in dist-static/, for the Supabase project the SPA was built for (README: Deploy).
import { existsSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { buildStaticHost } from './lib/static-host'
import { parseSettings, serverSettings } from '../supabase/server/env'

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
// Origins dashboards may be framed from besides the known providers: the Metabase site and the
// deployment's additions (decision 0039), read as the web tier reads them.
const frameSettings = serverSettings.pick({ DASHBOARD_FRAME_SOURCES: true, METABASE_SITE_URL: true })
const frames = (() => {
  try {
    return parseSettings(frameSettings, process.env)
  } catch (error) {
    console.error((error as Error).message)
    return process.exit(1)
  }
})()
const pages = await buildStaticHost({
  dist: values.dist,
  out: values.out,
  siteUrl,
  supabaseUrl,
  frameSources: frames.DASHBOARD_FRAME_SOURCES,
  metabaseSite: frames.METABASE_SITE_URL,
})
console.log(`Wrote ${pages} pages, _redirects and _headers into ${values.out}/ for ${siteUrl}.`)
