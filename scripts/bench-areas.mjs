// Benchmarks the two signed-in areas as a returning client or staff member gets them (issue 24,
// items 2 and 3):
// - Lighthouse (mobile, simulated throttling) on the portal overview, a portal project, the admin
//   overview and an admin project, in both languages, with a stored session: a browser signs in
//   once through the form, then Lighthouse navigates in that same browser with its storage kept
//   (`--disable-storage-reset`) and the HTTP cache emptied before each run, so every script is
//   fetched again, as after a release. Runs are interleaved, median of 3.
// - Moving inside an area: from the overview, a click on a project (after the pointer rested on
//   it, as a person's does) until the project's heading shows, and from one project tab to another
//   until its content shows, with the data cached; and whether the shell was ever replaced by a
//   page-wide spinner. Desktop, no throttling, median of 10.
// Builds into its own folder (.bench-areas-dist), runs our server with the demo data on a fresh
// database on port 4177, writes the section "Areas: signed-in Lighthouse and moves" of
// docs/benchmarks.md.
//
//   node scripts/bench-areas.mjs        (npm run bench:areas)
//   BENCH_CACHE=warm …                  (the HTTP cache kept between runs, as in a Lighthouse user flow's later steps)
//   BENCH_ONLY=lighthouse|moves …       (one half)
//   BENCH_LANGS=es BENCH_RUNS=1 …        (fewer pages or runs, on a busy machine; the section says so)
//   BENCH_KEEP=/some/dir …               (keeps each Lighthouse report there)
//
// Exits non-zero only when a measurement could not be taken; a missed target is reported.
import { spawn, spawnSync } from 'node:child_process'
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { basename, join } from 'node:path'
import { chromium } from '@playwright/test'
import { chromiumPath } from './chromium-path.mjs'
import { ROOT, answers, delay, machineInfo, runNpx, startServer, writeDocSection } from './lib/bench.mjs'

const DIST_NAME = '.bench-areas-dist'
const DIST = join(ROOT, DIST_NAME)
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const SECTION_TITLE = '## Areas: signed-in Lighthouse and moves'
const PORT = 4177
const LIGHTHOUSE_VERSION = '12.8.2'
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_RUNS ?? 3)
const MOVE_RUNS = 10
const LANGS = (process.env.BENCH_LANGS ?? 'es,en').split(',')
const PASSWORD = 'demo-password-2026'
const TARGETS = { performance: 95, lcp: 1800, tbt: 100, cls: 0.02, move: 200 }
const WARM = process.env.BENCH_CACHE === 'warm'
const ONLY = process.env.BENCH_ONLY
const CHROME_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
]

const AREAS = [
  {
    name: 'portal',
    email: 'lucia.martin@example.com',
    login: '/es/client-portal/login',
    home: '/client-portal/dashboard',
    debugPort: 9341,
  },
  { name: 'admin', email: 'admin@caucedata.com', login: '/es/admin/login', home: '/admin/dashboard', debugPort: 9342 },
]

const ms = (value) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

// The whole build, as deployed: the prerendered pages, the areas' frames and index.html's preloads
// are written after Vite's build (scripts/build-site.mjs); Vite's build alone has none of them.
function build() {
  for (const [command, args] of [
    ['npm', ['run', 'gen', '--silent']],
    [process.execPath, ['scripts/build-site.mjs', '--outDir', DIST_NAME, '--quiet']],
  ]) {
    const result = spawnSync(command, args, { cwd: ROOT, stdio: 'inherit' })
    if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed`)
  }
}

/** A browser of its own per area (its own profile), which Lighthouse drives through its debugging port. */
async function openBrowser(area, origin) {
  const profile = await mkdtemp(join(tmpdir(), `bench-areas-${area.name}-`))
  const child = spawn(
    chromiumPath(),
    [
      '--headless=new',
      `--remote-debugging-port=${area.debugPort}`,
      `--user-data-dir=${profile}`,
      ...CHROME_FLAGS,
      'about:blank',
    ],
    { stdio: 'ignore', detached: true },
  )
  const endpoint = `http://127.0.0.1:${area.debugPort}`
  for (let tries = 0; !(await answers(`${endpoint}/json/version`)); tries++) {
    if (tries > 80) throw new Error(`Chromium did not open its debugging port ${area.debugPort}`)
    await delay(250)
  }
  const browser = await chromium.connectOverCDP(endpoint)
  const context = browser.contexts()[0]
  const page = await context.newPage()
  await page.goto(origin + area.login, { waitUntil: 'networkidle' })
  await page.getByLabel('Correo electrónico').fill(area.email)
  await page.getByLabel('Contraseña', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Iniciar sesión' }).click()
  await page.waitForURL((url) => url.pathname.endsWith(area.home))
  const projectLink = page.locator(`main a[href*="${area.home}/projects/"]`).first()
  await projectLink.waitFor()
  // The overview's first link into a project (the admin overview's go to its tasks), and the project's own path.
  const openPath = new URL(await projectLink.evaluate((link) => link.href)).pathname.replace(/^\/(es|en)/, '')
  const projectPath = openPath.match(/^.*\/projects\/[^/]+/)[0]
  const close = async () => {
    await browser.close().catch(() => {})
    try {
      process.kill(-child.pid, 'SIGKILL')
    } catch {
      // already gone
    }
    await rm(profile, { recursive: true, force: true })
  }
  return { page, context, openPath, projectPath, close }
}

async function lighthouseRun(url, debugPort, workDir, label) {
  const output = join(workDir, `lh-${label.replace(/[^a-z0-9]+/gi, '_')}.json`)
  const args = [
    '--yes',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    url,
    `--port=${debugPort}`,
    '--disable-storage-reset',
    '--only-categories=performance',
    '--output=json',
    `--output-path=${output}`,
    '--quiet',
  ]
  await runNpx(args, { cwd: workDir, timeoutMs: 180_000, what: `lighthouse ${url}`, tail: 10 })
  const lhr = JSON.parse(await readFile(output, 'utf8'))
  // BENCH_KEEP=<dir> keeps each run's report, to read its long tasks afterwards.
  if (process.env.BENCH_KEEP) {
    await mkdir(process.env.BENCH_KEEP, { recursive: true })
    await copyFile(output, join(process.env.BENCH_KEEP, basename(output)))
  }
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const metric = (id) => lhr.audits[id]?.numericValue ?? NaN
  // The page must be the signed-in one, not a redirect to the sign-in form.
  if (!new URL(lhr.finalDisplayedUrl).pathname.includes('/dashboard'))
    throw new Error(`lighthouse ${url} ended on ${lhr.finalDisplayedUrl}: the stored session was not used`)
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    lcp: metric('largest-contentful-paint'),
    fcp: metric('first-contentful-paint'),
    tbt: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    // What the largest paint was (for the log: a frame's heading, or the page's content).
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?',
  }
}

/** Watches, inside the page, for the router's page-wide pending screen replacing the shell. */
async function watchForSpinner(page) {
  await page.evaluate(() => {
    window.__benchSpinner = false
    new MutationObserver(() => {
      // The app shell's own pending frame keeps the navigation; a page-wide spinner has none.
      const spinner = document.querySelector('[role="status"][aria-live="polite"] > span[aria-hidden="true"]')
      const shell = document.querySelector('nav')
      if (spinner || !shell) window.__benchSpinner = true
    }).observe(document.body, { childList: true, subtree: true })
  })
}

/** The page's heading shows and no section still shows its skeleton. */
async function contentShown(page) {
  await page.locator('main h1').first().waitFor()
  await page.waitForFunction(() => !document.querySelector('main [role="status"] > [aria-hidden="true"]'))
}

/**
 * Rests the pointer on a link as a person does before clicking, until the router's preload on
 * intent (after its 50 ms delay) has fetched the page's code and data: "with the data cached".
 */
async function restOn(page, link) {
  let inFlight = 0
  const started = () => inFlight++
  const ended = () => inFlight--
  page.on('request', started)
  page.on('requestfinished', ended)
  page.on('requestfailed', ended)
  await link.hover()
  await delay(150)
  for (let quiet = 0; quiet < 4; quiet = inFlight === 0 ? quiet + 1 : 0) await delay(25)
  page.off('request', started)
  page.off('requestfinished', ended)
  page.off('requestfailed', ended)
}

/**
 * One move: `from` loaded (data and all), the pointer rests on the main link to `to`, then clicks;
 * the time from the click until the page at `to` shows its content, and whether a spinner showed.
 */
async function timedMove(page, from, to) {
  await page.goto(from, { waitUntil: 'networkidle' })
  await watchForSpinner(page)
  const link = page.locator(`main a[href$="${to}"]`).first()
  await restOn(page, link)
  await page.evaluate(() => {
    document.addEventListener('click', () => performance.mark('bench-click'), { capture: true, once: true })
  })
  await link.click()
  await page.waitForURL((url) => url.pathname.endsWith(to))
  await contentShown(page)
  return page.evaluate(() => ({
    elapsed: performance.now() - performance.getEntriesByName('bench-click')[0].startTime,
    spinner: window.__benchSpinner,
  }))
}

/** From the overview (data loaded), the pointer rests on a project, then clicks; until its heading shows. */
function openProjectOnce(session, origin, lang) {
  return timedMove(session.page, `${origin}/${lang}${session.home}`, session.openPath)
}

/** On a project page, a click on another tab until its panel has content. */
function switchTabOnce(session, origin, lang, fromTab, toTab) {
  const { page, projectPath } = session
  return timedMove(page, `${origin}/${lang}${projectPath}${fromTab}`, `${projectPath}${toTab}`)
}

function section({ machine, lighthouse, moves }) {
  const lines = [
    SECTION_TITLE,
    '',
    `- Date: ${machine.date}`,
    `- Commit: \`${machine.commit}\``,
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} memory; Node ${machine.node}; Chromium ${machine.chromium}`,
    `- Our server on PGlite with the demo data (a fresh database), http://localhost:${PORT}. Portal: lucia.martin@example.com; admin: admin@caucedata.com.`,
    `- Lighthouse ${LIGHTHOUSE_VERSION}, mobile, simulated throttling, performance only, median of ${LIGHTHOUSE_RUNS} interleaved runs. Each run navigates in a browser that signed in once through the form, its storage kept (\`--disable-storage-reset\`) ${WARM ? 'and its HTTP cache kept between runs (as in the later steps of a Lighthouse user flow)' : 'and its HTTP cache emptied first (every script fetched again)'}.`,
    `- Moves: desktop, no throttling, data cached (the overview or tab loaded, the pointer resting on the link as a person's does before a click), median of ${MOVE_RUNS}; "spinner" says whether a page-wide spinner ever replaced the shell.`,
    '',
    `### Lighthouse with a stored session (targets: Performance ≥ ${TARGETS.performance}, LCP ≤ ${ms(TARGETS.lcp)}, TBT ≤ ${TARGETS.tbt} ms, CLS ≤ ${TARGETS.cls})`,
    '',
    '| Page | Performance | LCP | FCP | TBT | CLS | Runs (performance) | Met |',
    '| --- | ---: | ---: | ---: | ---: | ---: | --- | --- |',
  ]
  for (const row of lighthouse) {
    const m = (key) => median(row.runs.map((run) => run[key]))
    const met =
      m('performance') >= TARGETS.performance &&
      m('lcp') <= TARGETS.lcp &&
      m('tbt') <= TARGETS.tbt &&
      m('cls') <= TARGETS.cls
    lines.push(
      `| ${row.label} | ${m('performance')} | ${ms(m('lcp'))} | ${ms(m('fcp'))} | ${ms(m('tbt'))} | ${m('cls').toFixed(3)} | ${row.runs.map((run) => run.performance).join(', ')} | ${met ? 'yes' : '**NO**'} |`,
    )
  }
  lines.push(
    '',
    `### Moving inside an area (target: content within ${TARGETS.move} ms of the click, never a page-wide spinner)`,
    '',
    '| Move | Median | Slowest | Spinner | Met |',
    '| --- | ---: | ---: | --- | --- |',
  )
  for (const row of moves) {
    const times = row.runs.map((run) => run.elapsed)
    const spinner = row.runs.some((run) => run.spinner)
    const met = median(times) <= TARGETS.move && !spinner
    lines.push(
      `| ${row.label} | ${ms(median(times))} | ${ms(Math.max(...times))} | ${spinner ? 'yes' : 'no'} | ${met ? 'yes' : '**NO**'} |`,
    )
  }
  lines.push('')
  return lines.join('\n')
}

const sessions = []
let site
let dataDir
let workDir
process.on('exit', () => site?.kill())

try {
  if (!chromiumPath()) throw new Error('No system Chromium found (see scripts/chromium-path.mjs).')
  console.log(`▶ Building into ${DIST_NAME}/`)
  build()
  dataDir = await mkdtemp(join(tmpdir(), 'bench-areas-data-'))
  workDir = await mkdtemp(join(tmpdir(), 'bench-areas-lh-'))
  site = await startServer({ port: PORT, env: { SITE_DIST: DIST_NAME, DATA_DIR: dataDir, NODE_ENV: 'test' } })
  for (const area of AREAS) {
    const session = { ...area, ...(await openBrowser(area, site.origin)) }
    sessions.push(session)
    console.log(`  ${area.name}: signed in as ${area.email}; opens ${session.openPath}`)
  }

  console.log(`▶ Lighthouse ${LIGHTHOUSE_VERSION}, mobile, ${LIGHTHOUSE_RUNS} interleaved runs per page`)
  const pages = sessions.flatMap((session) =>
    LANGS.flatMap((lang) => [
      { session, label: `\`/${lang}${session.home}\``, path: `/${lang}${session.home}` },
      {
        session,
        label: `${session.name === 'admin' ? 'an' : 'a'} ${session.name} project (${lang})`,
        path: `/${lang}${session.projectPath}`,
      },
    ]),
  )
  const lighthouse = ONLY === 'moves' ? [] : pages.map((page) => ({ ...page, runs: [] }))
  for (let index = 1; index <= LIGHTHOUSE_RUNS && lighthouse.length; index++) {
    for (const row of lighthouse) {
      if (!WARM) {
        const cdp = await row.session.context.newCDPSession(row.session.page)
        await cdp.send('Network.clearBrowserCache')
        await cdp.detach()
      }
      await row.session.page.goto('about:blank')
      const run = await lighthouseRun(site.origin + row.path, row.session.debugPort, workDir, `${row.path}-${index}`)
      row.runs.push(run)
      console.log(
        `  ${row.path} run ${index}: performance ${run.performance}; LCP ${ms(run.lcp)}, FCP ${ms(run.fcp)}, TBT ${ms(run.tbt)}, CLS ${run.cls.toFixed(3)}; largest paint ${run.lcpElement.slice(0, 80)}`,
      )
    }
  }

  console.log(`▶ Moves inside an area, ${MOVE_RUNS} runs each`)
  const moves = []
  for (const session of ONLY === 'lighthouse' ? [] : sessions) {
    for (const lang of LANGS) {
      const open = {
        label: `${session.name} (${lang}): overview → ${session.openPath === session.projectPath ? 'a project' : `a project's ${session.openPath.slice(session.projectPath.length + 1)}`}`,
        runs: [],
      }
      const tab = { label: `${session.name} (${lang}): a project's tab → another`, runs: [] }
      const [fromTab, toTab] = session.name === 'portal' ? ['', '/plan'] : ['/documents', '/tasks']
      for (let index = 0; index < MOVE_RUNS; index++) {
        open.runs.push(await openProjectOnce(session, site.origin, lang))
        tab.runs.push(await switchTabOnce(session, site.origin, lang, fromTab, toTab))
      }
      for (const row of [open, tab]) {
        console.log(`  ${row.label}: median ${ms(median(row.runs.map((run) => run.elapsed)))}`)
        moves.push(row)
      }
    }
  }

  const chromiumVersion = (await sessions[0].page.context().browser()?.version()) ?? 'unknown'
  const machine = machineInfo(chromiumVersion)
  await writeDocSection(DOC, SECTION_TITLE, section({ machine, lighthouse, moves }), '# Benchmarks\n')
  console.log(`Wrote ${SECTION_TITLE.slice(3)} to docs/benchmarks.md`)
} finally {
  for (const session of sessions) await session.close()
  await site?.stop()
  await rm(DIST, { recursive: true, force: true })
  if (dataDir) await rm(dataDir, { recursive: true, force: true })
  if (workDir) await rm(workDir, { recursive: true, force: true })
}
