// Benchmarks the client portal: the JavaScript a client downloads to sign in and reach the
// dashboard (the public pages' bundle stays free of supabase-js; `npm run bench` checks that), and
// the time from submitting the sign-in form to a rendered dashboard in Chromium, median of 10.
// Builds into its own folder (.bench-portal-dist), runs our server with the demo data on a fresh
// database on port 4176, writes the section "Portal: chunks and sign-in time" of docs/benchmarks.md.
//
//   node scripts/bench-portal.mjs        (npm run bench:portal)
//
// Exits non-zero only when a measurement could not be taken; a missed target is reported.
import { spawnSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumPath } from './chromium-path.mjs'
import { ROOT, machineInfo, startServer, writeDocSection } from './lib/bench.mjs'

const DIST_NAME = '.bench-portal-dist'
const DIST = join(ROOT, DIST_NAME)
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const SECTION_TITLE = '## Portal: chunks and sign-in time'
const PORT = 4176
const RUNS = 10
const TARGET_MS = 1000
const ACCOUNT = { email: 'lucia.martin@example.com', password: 'demo-password-2026' }
const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking']

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

function build() {
  for (const [command, args] of [
    ['npm', ['run', 'gen']],
    [process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--outDir', DIST_NAME, '--emptyOutDir']],
  ]) {
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
  }
}

/** JS files a page fetched, with their gzip size as built. */
async function scriptsOf(requests, origin) {
  const files = []
  for (const url of new Set(requests)) {
    const { pathname } = new URL(url)
    if (!url.startsWith(origin) || !pathname.endsWith('.js')) continue
    const bytes = await readFile(join(DIST, pathname))
    files.push({
      path: pathname,
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      // supabase-js itself, not any file that merely names it.
      supabase: /GoTrueClient|PostgrestClient/.test(bytes.toString()),
    })
  }
  return files
}

/** One cold sign-in: a new browser context, the login page, then submit → dashboard rendered. */
async function signInOnce(browser, origin) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const requests = []
  page.on('request', (request) => requests.push(request.url()))
  await page.goto(`${origin}/en/client-portal/login`, { waitUntil: 'networkidle' })
  const beforeSubmit = requests.length
  await page.getByLabel('E-mail').fill(ACCOUNT.email)
  await page.getByLabel('Password', { exact: true }).fill(ACCOUNT.password)
  // The clock starts in the page at the submit event and stops once the overview shows its projects.
  await page.evaluate(() => {
    document
      .querySelector('form')
      ?.addEventListener('submit', () => performance.mark('submit'), { capture: true, once: true })
  })
  await page.getByRole('button', { name: 'Sign in' }).click()
  await page.waitForURL(/\/client-portal\/dashboard$/)
  await page.locator('main a[href*="/client-portal/dashboard/projects/"]').first().waitFor()
  const elapsed = await page.evaluate(() => performance.now() - performance.getEntriesByName('submit')[0].startTime)
  await context.close()
  return { elapsed, loginRequests: requests.slice(0, beforeSubmit), dashboardRequests: requests.slice(beforeSubmit) }
}

function section({ machine, runs, loginFiles, dashboardFiles }) {
  const times = runs.map((run) => run.elapsed)
  const result = median(times)
  const table = (files) =>
    files
      .sort((a, b) => b.gzip - a.gzip)
      .map((file) => `| \`${file.path}\` | ${kB(file.raw)} | ${kB(file.gzip)} | ${file.supabase ? 'yes' : ''} |`)
  const total = (files) => kB(files.reduce((sum, file) => sum + file.gzip, 0))
  return [
    SECTION_TITLE,
    '',
    `- Date: ${machine.date}`,
    `- Commit: \`${machine.commit}\``,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} memory; Node ${machine.node}; Chromium ${machine.chromium}`,
    `- Our server on PGlite with the demo data (a fresh database), http://localhost:${PORT}; ${ACCOUNT.email} (Almacenes Ribera). Each run is a new browser context: the login page is loaded, then the clock runs from the form's submit event until the overview lists the projects.`,
    '',
    '### Results against targets',
    '',
    '| Measure | Target | Result | Met |',
    '| --- | --- | --- | --- |',
    `| Sign-in submit → dashboard rendered (median of ${RUNS}) | ≤ ${TARGET_MS} ms | ${Math.round(result)} ms (runs: ${times.map((t) => Math.round(t)).join(', ')}) | ${result <= TARGET_MS ? 'yes' : '**NO**'} |`,
    '',
    `### JavaScript of the login page (${total(loginFiles)} gzip)`,
    '',
    '| File | Raw | gzip | supabase-js |',
    '| --- | ---: | ---: | --- |',
    ...table(loginFiles),
    '',
    `### JavaScript fetched after submitting, for the dashboard (${total(dashboardFiles)} gzip)`,
    '',
    '| File | Raw | gzip | supabase-js |',
    '| --- | ---: | ---: | --- |',
    ...table(dashboardFiles),
    '',
  ].join('\n')
}

let site
let dataDir
process.on('exit', () => site?.kill())

try {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('No system Chromium found (see scripts/chromium-path.mjs).')
  console.log(`▶ Building into ${DIST_NAME}/`)
  build()
  dataDir = await mkdtemp(join(tmpdir(), 'bench-portal-'))
  site = await startServer({
    port: PORT,
    env: { SITE_DIST: DIST_NAME, DATA_DIR: dataDir, NODE_ENV: 'test' },
  })
  const browser = await chromium.launch({ executablePath, args: ARGS })
  await signInOnce(browser, site.origin) // warm-up: server caches, PGlite pages
  const runs = []
  for (let index = 0; index < RUNS; index++) {
    runs.push(await signInOnce(browser, site.origin))
    console.log(`  run ${index + 1}: ${Math.round(runs.at(-1).elapsed)} ms`)
  }
  const chromiumVersion = browser.version()
  await browser.close()
  const loginFiles = await scriptsOf(runs[0].loginRequests, site.origin)
  const dashboardFiles = await scriptsOf(runs[0].dashboardRequests, site.origin)
  const machine = machineInfo(chromiumVersion)
  await writeDocSection(DOC, SECTION_TITLE, section({ machine, runs, loginFiles, dashboardFiles }), '# Benchmarks\n')
  console.log(`Wrote ${SECTION_TITLE.slice(3)} to docs/benchmarks.md`)
} finally {
  await site?.stop()
  await rm(DIST, { recursive: true, force: true })
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
}
