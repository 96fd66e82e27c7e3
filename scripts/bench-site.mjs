// Benchmarks the public site as a first-time visitor gets it: the bytes of JS and CSS that the
// first load of a page fetches, and Lighthouse's mobile scores of every public page in both
// languages, side by side with a static copy of the same page (its prerendered HTML with every
// script removed: the floor a page can reach). Builds the site into its own folder (.bench-dist,
// never dist/, which the tests use), serves it with our own server on port 4175, measures, writes
// the section "Site: first load and Lighthouse" of docs/benchmarks.md and removes .bench-dist.
//
//   node scripts/bench-site.mjs                      (npm run bench: every page, 3 runs each)
//   BENCH_PAGES=/es,/en/contact node scripts/bench-site.mjs   (only these pages)
//
// Exits non-zero only when a measurement could not be taken; missed targets are reported, not
// failed on: these numbers come from one machine and are not a test.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { chromium } from '@playwright/test'
import { chromiumFlags, chromiumPath } from './chromium-path.mjs'
import { machineInfo, runNpx, startServer, writeDocSection } from './lib/bench.mjs'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DIST_NAME = '.bench-dist'
const DIST = join(ROOT, DIST_NAME)
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const SECTION_TITLE = '## Site: first load and Lighthouse'
const PORT = 4175
const HOST = 'localhost'
const ORIGIN = `http://${HOST}:${PORT}`

const FIRST_LOAD_PATHS = ['/es', '/']
/** Every public and sign-in page in both languages (prefixed), as the build prerendered them; or BENCH_PAGES. */
async function lighthousePaths() {
  if (process.env.BENCH_PAGES) return process.env.BENCH_PAGES.split(',')
  const { prerenderTargets, signInPrerenderTargets } = await import(
    pathToFileURL(join(DIST, 'server', 'entry-server.js')).href
  )
  return [...prerenderTargets(), ...signInPrerenderTargets()]
    .filter((target) => !target.notFound && target.url.startsWith(`/${target.locale}`))
    .map((target) => target.url)
}
const LIGHTHOUSE_RUNS = 3
/** Tries per run before the benchmark gives up. */
const LIGHTHOUSE_ATTEMPTS = 4
/** Where the static copies are served: /static-copy/es/contact.html for /es/contact. */
const STATIC_COPY = 'static-copy'
const LIGHTHOUSE_VERSION = '12.8.2'
const LIGHTHOUSE_TIMEOUT_MS = 240_000

/** Budgets; kB = 1000 bytes. Issue 9: first-load JS of the home page ≤ 110 kB; Lighthouse as below. */
const TARGETS = {
  jsGzip: 110_000,
  cssGzip: 20_000,
  performance: 98,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 1000,
  tbtMs: 50,
  cls: 0.01,
  /** Our LCP within 15% of the static copy's. */
  lcpOverStatic: 1.15,
}

const CATEGORIES = [
  { id: 'performance', label: 'Performance', target: TARGETS.performance, op: '≥' },
  { id: 'accessibility', label: 'Accessibility', target: TARGETS.accessibility, op: '=' },
  { id: 'best-practices', label: 'Best Practices', target: TARGETS.bestPractices, op: '=' },
  { id: 'seo', label: 'SEO', target: TARGETS.seo, op: '=' },
]

/** Audits that can fail only because the benchmark serves plain http on localhost. */
const LOCALHOST_ONLY = {
  'is-on-https': 'the benchmark serves http://localhost; production must be HTTPS',
  'redirects-http': 'no HTTP→HTTPS redirect exists on localhost; production must redirect',
  'uses-http2': 'our Node server speaks HTTP/1.1 on localhost; production depends on the proxy in front',
}

// ---------------------------------------------------------------------------------------------
// Child processes

/** Runs a command to its end with the output shown; rejects on a non-zero exit. */
function run(command, args, options = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(command, args, { cwd: ROOT, stdio: 'inherit', ...options })
    child.on('error', reject)
    child.on('exit', (code, signal) =>
      code === 0 ? resolvePromise() : reject(new Error(`${command} ${args.join(' ')} exited with ${signal ?? code}`)),
    )
  })
}

// ---------------------------------------------------------------------------------------------
// First-load bytes

const fileCache = new Map()

/** Raw, gzip (level 9) and brotli (quality 11) sizes of a built file, and its text. */
async function fileSizes(pathname) {
  if (!fileCache.has(pathname)) {
    const file = join(DIST, decodeURIComponent(pathname))
    if (!file.startsWith(DIST + '/')) throw new Error(`Response outside the build: ${pathname}`)
    const bytes = await readFile(file)
    fileCache.set(pathname, {
      raw: bytes.length,
      gzip: gzipSync(bytes, { level: 9 }).length,
      brotli: brotliCompressSync(bytes, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }).length,
      text: bytes.toString('utf8'),
    })
  }
  return fileCache.get(pathname)
}

function kindOf(pathname) {
  if (/\.m?js$/.test(pathname)) return 'js'
  if (/\.css$/.test(pathname)) return 'css'
  if (/^\/assets\/catalog-[^/]+\.json$/.test(pathname)) return 'catalog'
  return undefined
}

async function measureFirstLoad(browser, path) {
  const context = await browser.newContext()
  const page = await context.newPage()
  const finished = []
  const failed = []
  page.on('requestfinished', (request) => finished.push(request))
  page.on('requestfailed', (request) => failed.push(`${request.url()} (${request.failure()?.errorText})`))
  const response = await page.goto(ORIGIN + path, { waitUntil: 'networkidle', timeout: 60_000 })
  if (!response?.ok()) throw new Error(`${path} answered ${response?.status()}`)
  // The app renders after its catalog arrives; the page counts as loaded once it has a heading.
  await page.locator('#app h1').first().waitFor({ timeout: 30_000 })
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached', timeout: 30_000 })
  await page.waitForLoadState('networkidle')
  if (failed.length) throw new Error(`Requests failed while loading ${path}:\n  ${failed.join('\n  ')}`)

  const files = []
  for (const request of finished) {
    const url = new URL(request.url())
    const kind = kindOf(url.pathname)
    if (url.origin !== ORIGIN || !kind) continue
    const answer = await request.response()
    if (!answer?.ok()) throw new Error(`${url.pathname} answered ${answer?.status()} while loading ${path}`)
    const sizes = await request.sizes()
    const onDisk = await fileSizes(url.pathname)
    files.push({
      path: url.pathname,
      kind,
      raw: onDisk.raw,
      gzip: onDisk.gzip,
      brotli: onDisk.brotli,
      sent: sizes.responseBodySize,
      encoding: answer.headers()['content-encoding'] ?? 'identity',
      // supabase-js itself, by a class only its auth client defines (our own files name "supabase" too).
      supabase: kind === 'js' && onDisk.text.includes('GoTrueClient'),
    })
  }
  const lang = await page.evaluate(() => document.documentElement.lang)
  await context.close()
  if (!files.some((file) => file.kind === 'js')) throw new Error(`No script was loaded for ${path}`)
  const sum = (kind, key) => files.filter((file) => file.kind === kind).reduce((total, file) => total + file[key], 0)
  const totals = Object.fromEntries(
    ['js', 'css', 'catalog'].map((kind) => [
      kind,
      {
        count: files.filter((file) => file.kind === kind).length,
        ...Object.fromEntries(['raw', 'gzip', 'brotli', 'sent'].map((key) => [key, sum(kind, key)])),
      },
    ]),
  )
  return { path, lang, files, totals, supabaseIn: files.filter((file) => file.supabase).map((file) => file.path) }
}

// ---------------------------------------------------------------------------------------------
// Static copies: each measured page's prerendered HTML with every script removed, compressed as
// the server compresses pages, served as a plain file.

const prerenderedFile = (path) => {
  const [, lng, ...rest] = path.split('/')
  return `${lng}/${rest.length ? rest.join('/') : 'index'}.html`
}
const staticCopyUrl = (path) => `/${STATIC_COPY}/${prerenderedFile(path)}`

async function writeStaticCopies(paths) {
  const { prerenderOrigin } = await import(pathToFileURL(join(DIST, 'server', 'entry-server.js')).href)
  for (const path of paths) {
    const html = (await readFile(join(DIST, 'prerendered', prerenderedFile(path)), 'utf8'))
      .replaceAll(prerenderOrigin, ORIGIN)
      .replace(/\s*<script\b[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/\s*<link rel="modulepreload"[^>]*>/g, '')
    const file = join(DIST, STATIC_COPY, prerenderedFile(path))
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, html)
    const quality = { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }
    await writeFile(`${file}.br`, brotliCompressSync(html, quality))
    await writeFile(`${file}.gz`, gzipSync(html, { level: 9 }))
  }
}

// ---------------------------------------------------------------------------------------------
// Lighthouse

async function lighthouseRun(path, index, workDir) {
  const output = join(workDir, `lh-${path.replaceAll('/', '_')}-${index}.json`)
  const args = [
    '--yes',
    `lighthouse@${LIGHTHOUSE_VERSION}`,
    ORIGIN + path,
    '--output=json',
    `--output-path=${output}`,
    `--chrome-flags=--headless=new ${chromiumFlags.join(' ')}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    '--quiet',
  ]
  await runNpx(args, {
    cwd: workDir, // outside the project, so npx neither reads nor touches its package.json
    env: { ...process.env, CHROME_PATH: chromiumPath() ?? '/usr/bin/chromium' },
    timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
    what: `lighthouse ${path}`,
    tail: 15,
  })
  const lhr = JSON.parse(await readFile(output, 'utf8'))
  if (lhr.runtimeError) throw new Error(`lighthouse ${path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  const scores = {}
  for (const category of CATEGORIES) {
    const score = lhr.categories[category.id]?.score
    if (typeof score !== 'number') throw new Error(`lighthouse ${path}: no ${category.label} score`)
    scores[category.id] = Math.round(score * 100)
  }
  const metric = (id) => lhr.audits[id]?.numericValue
  const failing = {}
  for (const category of CATEGORIES) {
    failing[category.id] = lhr.categories[category.id].auditRefs
      .filter((ref) => ref.group !== 'hidden')
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && typeof audit.score === 'number' && audit.score < 1)
      .filter(({ audit }) => ['binary', 'numeric', 'metricSavings'].includes(audit.scoreDisplayMode))
      .map(({ ref, audit }) => ({
        id: audit.id,
        title: audit.title,
        score: audit.score,
        weight: ref.weight,
        displayValue: audit.displayValue,
        details: summarizeDetails(audit.details),
      }))
  }
  return {
    scores,
    metrics: {
      lcp: metric('largest-contentful-paint'),
      tbt: metric('total-blocking-time'),
      cls: metric('cumulative-layout-shift'),
      fcp: metric('first-contentful-paint'),
    },
    failing,
    warnings: lhr.runWarnings ?? [],
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment?.hostUserAgent,
  }
}

/** The first few rows of an audit's details (files, elements, phases), short enough for a table cell. */
function summarizeDetails(details) {
  if (!details) return ''
  if (details.type === 'list') return (details.items ?? []).map(summarizeDetails).filter(Boolean).join('; ')
  if (!Array.isArray(details.items)) return ''
  return details.items
    .slice(0, 4)
    .map((item) => {
      let label
      if (typeof item.url === 'string') label = item.url.startsWith(ORIGIN) ? item.url.slice(ORIGIN.length) : item.url
      else if (item.node)
        label = `${item.node.selector ?? item.node.snippet}${item.node.nodeLabel ? ` ("${item.node.nodeLabel.slice(0, 60)}")` : ''}`
      else if (item.phase) return `${item.phase} ${item.percent}`
      else if (item.groupLabel) return `${item.groupLabel} ${ms(item.duration)}`
      else return ''
      if (typeof item.wastedBytes === 'number') label += ` (−${(item.wastedBytes / 1024).toFixed(0)} KiB)`
      else if (typeof item.wastedMs === 'number') label += ` (${Math.round(item.wastedMs)} ms)`
      else if (typeof item.total === 'number') label += ` (${ms(item.total)})`
      return label
    })
    .filter(Boolean)
    .join(', ')
}

async function measureLighthouse(path, workDir) {
  const runs = []
  for (let index = 1; index <= LIGHTHOUSE_RUNS; index++) {
    let result
    // Chrome now and then fails to start or to trace (NO_NAVSTART, twice in a row once in a
    // 264-run bench): a few more tries before giving up.
    for (let attempt = 1; !result; attempt++) {
      try {
        result = await lighthouseRun(path, index, workDir)
      } catch (error) {
        if (attempt >= LIGHTHOUSE_ATTEMPTS) throw error
        console.warn(`  run ${index} failed (attempt ${attempt}), trying again: ${error.message.split('\n')[0]}`)
      }
    }
    runs.push(result)
    const { scores, metrics } = result
    console.log(
      `  ${path} run ${index}: performance ${scores.performance}, accessibility ${scores.accessibility}, ` +
        `best practices ${scores['best-practices']}, SEO ${scores.seo}; LCP ${ms(metrics.lcp)}, TBT ${ms(metrics.tbt)}, ` +
        `CLS ${metrics.cls.toFixed(3)}, FCP ${ms(metrics.fcp)}`,
    )
  }
  const byPerformance = runs
    .map((run, index) => ({ run, index }))
    .sort((a, b) => a.run.scores.performance - b.run.scores.performance)
  const medianIndex = byPerformance[Math.floor(byPerformance.length / 2)].index
  const median = (id) => runs.map((run) => run.scores[id]).sort((a, b) => a - b)[Math.floor(runs.length / 2)]
  const scores = Object.fromEntries(CATEGORIES.map((category) => [category.id, median(category.id)]))
  // Failing audits over all runs, with how many runs failed each.
  const failing = {}
  for (const category of CATEGORIES) {
    const seen = new Map()
    for (const run of runs) {
      for (const audit of run.failing[category.id]) {
        const entry = seen.get(audit.id) ?? { ...audit, runs: 0, minScore: audit.score }
        entry.runs += 1
        entry.minScore = Math.min(entry.minScore, audit.score)
        if (runs.indexOf(run) === medianIndex)
          Object.assign(entry, { displayValue: audit.displayValue, details: audit.details })
        seen.set(audit.id, entry)
      }
    }
    failing[category.id] = [...seen.values()].sort((a, b) => b.weight - a.weight || a.minScore - b.minScore)
  }
  return { path, label: path, runs, medianIndex, scores, metrics: runs[medianIndex].metrics, failing }
}

// ---------------------------------------------------------------------------------------------
// Formatting

const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`
const ms = (value) => (value >= 1000 ? `${(value / 1000).toFixed(2)} s` : `${Math.round(value)} ms`)
const escapeCell = (text) =>
  String(text ?? '')
    .replaceAll('|', '\\|')
    .replaceAll('\n', ' ')

function evaluateTargets(firstLoads, lighthouse) {
  const rows = []
  for (const load of firstLoads) {
    const { js, css } = load.totals
    const supabase = load.supabaseIn.length ? `supabase found in ${load.supabaseIn.join(', ')}` : 'supabase-js absent'
    rows.push({
      measure: `First-load JS, \`${load.path}\` (gzip)`,
      target: `≤ ${kB(TARGETS.jsGzip)}, supabase-js absent`,
      result: `${kB(js.gzip)} in ${js.count} files (brotli ${kB(js.brotli)}, raw ${kB(js.raw)}); ${supabase}`,
      met: js.gzip <= TARGETS.jsGzip && load.supabaseIn.length === 0,
    })
    rows.push({
      measure: `First-load CSS, \`${load.path}\` (gzip)`,
      target: `≤ ${kB(TARGETS.cssGzip)}`,
      result: `${kB(css.gzip)} in ${css.count} files (brotli ${kB(css.brotli)}, raw ${kB(css.raw)})`,
      met: css.gzip <= TARGETS.cssGzip,
    })
  }
  for (const { path, live, copy } of lighthouse) {
    for (const category of CATEGORIES) {
      const all = live.runs.map((run) => run.scores[category.id]).join(', ')
      const score = live.scores[category.id]
      rows.push({
        measure: `Lighthouse ${category.label}, \`${path}\` (mobile, median of ${live.runs.length})`,
        target: category.id === 'performance' ? `100 (no page below ${category.target})` : `= ${category.target}`,
        result: `${score} (runs: ${all})`,
        met: category.op === '≥' ? score >= category.target : score === category.target,
      })
    }
    const { lcp, tbt, cls } = live.metrics
    rows.push({
      measure: `LCP, TBT, CLS, \`${path}\` (median run)`,
      target: `≤ ${ms(TARGETS.lcpMs)}, ≤ ${TARGETS.tbtMs} ms, ≤ ${TARGETS.cls}`,
      result: `${ms(lcp)}, ${ms(tbt)}, ${cls.toFixed(3)}`,
      met: lcp <= TARGETS.lcpMs && tbt <= TARGETS.tbtMs && cls <= TARGETS.cls,
    })
    const ratio = lcp / copy.metrics.lcp
    rows.push({
      measure: `LCP against the static copy, \`${path}\``,
      target: `≤ ${Math.round((TARGETS.lcpOverStatic - 1) * 100)}% over the copy`,
      result: `${ms(lcp)} vs ${ms(copy.metrics.lcp)} (copy's performance ${copy.scores.performance}): ${ratio >= 1 ? '+' : ''}${Math.round((ratio - 1) * 100)}%`,
      met: ratio <= TARGETS.lcpOverStatic,
    })
  }
  return rows
}

function markdownSection({ machine, firstLoads, lighthouse, targets, lighthouseVersion }) {
  const lines = []
  lines.push(SECTION_TITLE, '')
  lines.push(`- Date: ${machine.date}`)
  lines.push(`- Commit: \`${machine.commit}\``)
  lines.push(
    `- Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memory} memory; Node ${machine.node}; Chromium ${machine.chromium}`,
  )
  lines.push(
    `- Lighthouse ${lighthouseVersion}, mobile form factor with simulated throttling (its defaults), headless Chromium, against ${ORIGIN}`,
  )
  lines.push(
    `- Sizes: gzip level 9 and brotli quality 11 of each file as built; kB = 1000 bytes. "Sent" is what the server actually transferred (it serves the precompressed copy the browser accepts).`,
  )
  lines.push('')
  lines.push('### Results against targets', '')
  lines.push('| Measure | Target | Result | Met |', '| --- | --- | --- | --- |')
  for (const row of targets)
    lines.push(`| ${row.measure} | ${row.target} | ${escapeCell(row.result)} | ${row.met ? 'yes' : '**NO**'} |`)
  lines.push('')
  for (const load of firstLoads) {
    const catalog = load.files.filter((file) => file.kind === 'catalog')
    const names = catalog.map((file) => `\`${file.path}\``).join(', ') || 'none'
    lines.push(
      `Catalog JSON loaded by \`${load.path}\` (page language \`${load.lang}\`): ${names}, ${kB(load.totals.catalog.raw)} raw, ` +
        `${kB(load.totals.catalog.gzip)} gzip, ${kB(load.totals.catalog.brotli)} brotli.`,
    )
    lines.push('')
  }
  lines.push('### First-load files', '')
  lines.push(
    '| File | Type | Raw | gzip | brotli | Sent | Loaded by |',
    '| --- | --- | ---: | ---: | ---: | ---: | --- |',
  )
  const files = new Map()
  for (const load of firstLoads) {
    for (const file of load.files) {
      const entry = files.get(file.path) ?? { ...file, pages: [] }
      entry.pages.push(`\`${load.path}\``)
      files.set(file.path, entry)
    }
  }
  const order = { js: 0, css: 1, catalog: 2 }
  for (const file of [...files.values()].sort((a, b) => order[a.kind] - order[b.kind] || b.gzip - a.gzip)) {
    lines.push(
      `| \`${file.path}\` | ${file.kind === 'catalog' ? 'catalog JSON' : file.kind.toUpperCase()} | ${kB(file.raw)} | ${kB(file.gzip)} | ` +
        `${kB(file.brotli)} | ${kB(file.sent)} (${file.encoding}) | ${file.pages.join(', ')} |`,
    )
  }
  lines.push('')
  lines.push('### Lighthouse runs', '')
  lines.push('| Page | Run | Performance | Accessibility | Best Practices | SEO | LCP | TBT | CLS | FCP |')
  lines.push('| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
  for (const result of lighthouse.flatMap(({ live, copy }) => [live, copy])) {
    result.runs.forEach((run, index) => {
      const { scores, metrics } = run
      const label = index === result.medianIndex ? `${index + 1} (median)` : String(index + 1)
      lines.push(
        `| \`${result.label}\` | ${label} | ${scores.performance} | ${scores.accessibility} | ${scores['best-practices']} | ${scores.seo} | ` +
          `${ms(metrics.lcp)} | ${ms(metrics.tbt)} | ${metrics.cls.toFixed(3)} | ${ms(metrics.fcp)} |`,
      )
    })
  }
  lines.push('')
  lines.push('### Failing Lighthouse audits', '')
  lines.push(
    'Audits scored below 1 in a category that scored below 100 in some run, over all runs: "Worst score" is the lowest ' +
      'score over the runs, "Runs" in how many it was below 1, the value in brackets is from the median run (or else the ' +
      'first run it failed in). Audits with weight 0 do not change the score themselves.',
  )
  lines.push('')
  let any = false
  for (const result of lighthouse.map(({ live }) => live)) {
    for (const category of CATEGORIES) {
      if (result.runs.every((run) => run.scores[category.id] === 100)) continue
      const failing = result.failing[category.id]
      if (!failing.length) continue
      if (!any) {
        lines.push(
          '| Page | Category | Audit id | Title | Worst score | Weight | Runs | Details | Note |',
          '| --- | --- | --- | --- | ---: | ---: | ---: | --- | --- |',
        )
        any = true
      }
      for (const audit of failing) {
        const value = audit.displayValue ? ` (${audit.displayValue})` : ''
        lines.push(
          `| \`${result.path}\` | ${category.label} | \`${audit.id}\` | ${escapeCell(audit.title + value)} | ${audit.minScore.toFixed(2)} | ` +
            `${audit.weight} | ${audit.runs}/${result.runs.length} | ${escapeCell(audit.details)} | ${escapeCell(LOCALHOST_ONLY[audit.id] ?? '')} |`,
        )
      }
    }
  }
  if (!any) lines.push('None: every category scored 100 in every run.')
  lines.push('')
  return lines.join('\n')
}

const INTRO = [
  '# Benchmarks',
  '',
  'How fast the public site is for a first-time visitor: the JavaScript and CSS bytes (gzip and brotli) that the first load of',
  '`/es` and `/` fetches, the size of the language catalog, a check that supabase-js is not among those scripts, and',
  "Lighthouse's mobile scores (Performance, Accessibility, Best Practices, SEO) and LCP, TBT and CLS of every public page in",
  'both languages, three runs each, beside the same page as a static copy (its prerendered HTML with every script removed).',
  'Run it with `npm run bench` (`scripts/bench-site.mjs`): it builds the site into `.bench-dist/`, serves it with our own server',
  'on port 4175, measures, and rewrites its section below. The numbers come from one machine at one moment and are a guide,',
  'not a test: the script reports missed targets but fails only when it cannot measure.',
  '',
].join('\n')

// ---------------------------------------------------------------------------------------------
// Main

let site
let workDir
let cleaning

async function cleanup() {
  cleaning ??= (async () => {
    await site?.stop().catch((error) => console.error(`Could not stop the server: ${error.message}`))
    await rm(DIST, { recursive: true, force: true })
    if (workDir) await rm(workDir, { recursive: true, force: true })
  })()
  return cleaning
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the server and removing ${DIST_NAME}/`)
    cleanup().finally(() => process.exit(130))
  })
}
// Last resort if something exits the process without passing through cleanup().
process.on('exit', () => site?.kill())

async function main() {
  const executablePath = chromiumPath()
  if (!executablePath) throw new Error('No system Chromium found (see scripts/chromium-path.mjs).')

  console.log(`\n▶ Generating routes and catalogs, building into ${DIST_NAME}/`)
  await run('npm', ['run', 'gen'])
  await run(process.execPath, ['scripts/build-site.mjs', '--outDir', DIST_NAME, '--quiet'])
  if (!existsSync(join(DIST, 'index.html'))) throw new Error(`The build left no ${DIST_NAME}/index.html`)
  const LIGHTHOUSE_PATHS = await lighthousePaths()
  await writeStaticCopies(LIGHTHOUSE_PATHS)

  console.log(`\n▶ Starting the server on ${ORIGIN} (SITE_DIST=${DIST_NAME})`)
  workDir = await mkdtemp(join(tmpdir(), 'bench-site-'))
  // Production would refuse the development keys; nothing about serving pages differs in test.
  site = await startServer({
    port: PORT,
    host: HOST,
    env: { SITE_DIST: DIST_NAME, NODE_ENV: 'test', DATA_DIR: join(workDir, 'data'), MAIL_CATCHER_PORT: '0' },
  })

  console.log('\n▶ First-load bytes')
  const browser = await chromium.launch({ executablePath, args: chromiumFlags })
  const chromiumVersion = browser.version()
  const firstLoads = []
  try {
    for (const path of FIRST_LOAD_PATHS) {
      const load = await measureFirstLoad(browser, path)
      firstLoads.push(load)
      const { js, css, catalog } = load.totals
      console.log(
        `  ${path}: JS ${kB(js.gzip)} gzip / ${kB(js.brotli)} br in ${js.count} files; CSS ${kB(css.gzip)} gzip / ${kB(css.brotli)} br in ${css.count} files; ` +
          `catalog ${kB(catalog.raw)} raw / ${kB(catalog.gzip)} gzip; supabase ${load.supabaseIn.length ? `FOUND in ${load.supabaseIn.join(', ')}` : 'absent'}`,
      )
    }
  } finally {
    await browser.close()
  }

  console.log(
    `\n▶ Lighthouse ${LIGHTHOUSE_VERSION}, mobile, ${LIGHTHOUSE_RUNS} runs per page (the first npx download can take a while)`,
  )
  const lighthouse = []
  for (const path of LIGHTHOUSE_PATHS) {
    const live = await measureLighthouse(path, workDir)
    const copy = { ...(await measureLighthouse(staticCopyUrl(path), workDir)), label: `${path} (static copy)` }
    lighthouse.push({ path, live, copy })
  }

  const machine = machineInfo(chromiumVersion)
  const targets = evaluateTargets(firstLoads, lighthouse)
  const lighthouseVersion = lighthouse[0].live.runs[0].lighthouseVersion
  await writeDocSection(
    DOC,
    SECTION_TITLE,
    markdownSection({ machine, firstLoads, lighthouse, targets, lighthouseVersion }),
    INTRO,
  )

  console.log('\n▶ Results against targets')
  for (const row of targets)
    console.log(
      `  ${row.met ? 'met   ' : 'MISSED'}  ${row.measure.replaceAll('`', '')}: ${row.result} (target ${row.target})`,
    )
  for (const result of lighthouse.map(({ live }) => live)) {
    for (const category of CATEGORIES) {
      if (result.runs.every((run) => run.scores[category.id] === 100)) continue
      for (const audit of result.failing[category.id]) {
        const note = LOCALHOST_ONLY[audit.id] ? `  [${LOCALHOST_ONLY[audit.id]}]` : ''
        const details = audit.details ? `\n        ${audit.details}` : ''
        console.log(
          `    ${result.path} ${category.label}: ${audit.id} (score ${audit.minScore.toFixed(2)}, weight ${audit.weight}, ${audit.runs}/${result.runs.length} runs): ${audit.title}${note}${details}`,
        )
      }
    }
  }
  const missed = targets.filter((row) => !row.met)
  console.log(
    missed.length
      ? `\n${missed.length} of ${targets.length} targets MISSED:\n${missed.map((row) => `  - ${row.measure.replaceAll('`', '')}: ${row.result}`).join('\n')}`
      : `\nAll ${targets.length} targets met.`,
  )
  console.log(`\nWrote ${DOC.slice(ROOT.length + 1)}`)
}

try {
  await main()
  await cleanup()
} catch (error) {
  console.error(`\nBenchmark failed: ${error.stack ?? error.message}`)
  await cleanup()
  process.exit(1)
}
