// Storage image transformations (issue 27), measured: a 12-megapixel photo-like JPEG (4000 × 3000,
// a gradient under soft noise, made here with sharp) is uploaded to a public bucket of a fresh
// embedded server in this process, then rendered through `GET /storage/v1/render/image/public/…`
// with a few typical transformations, each several times one after another (median, slowest),
// then four at once (the gate lets IMAGE_TRANSFORMATION_CONCURRENCY run). The process's resident
// memory is sampled every 5 ms; the table gives its peak during each case and the rise over the
// idle level before it. Writes the section "Storage: image transformations" of docs/benchmarks.md.
//
//   npm run bench:images [-- --runs 7]
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { cpus, loadavg, release, tmpdir, totalmem, type } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { performance } from 'node:perf_hooks'
import sharp from 'sharp'
import { readEnv } from '../supabase/server/env'
import { createServer } from '../supabase/server/server'
import { replaceSection } from './lib/bench-doc'

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..')
const DOC = join(ROOT, 'docs', 'benchmarks.md')
const TITLE = '## Storage: image transformations'
const runsArg = process.argv.indexOf('--runs')
const runs = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 7
const [WIDTH, HEIGHT] = [4000, 3000]
const BUCKET = 'bench-images'
const PATH = 'photos/harbour.jpg'

/**
 * A photo-like JPEG: smooth colour fields under noise at several scales (blotches, texture, grain),
 * so it has detail at every size a render keeps, and compresses as a photo does.
 */
async function photo(): Promise<Buffer> {
  const corners = Buffer.from([200, 120, 60, 40, 90, 160, 90, 160, 80, 230, 210, 180])
  const base = await sharp(corners, { raw: { width: 2, height: 2, channels: 3 } })
    .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
    .raw()
    .toBuffer()
  const octave = async (scale: number, sigma: number) =>
    sharp(
      await sharp({
        create: {
          width: Math.round(WIDTH / scale),
          height: Math.round(HEIGHT / scale),
          channels: 3,
          background: '#808080',
          noise: { type: 'gaussian', mean: 128, sigma },
        },
      })
        .png({ compressionLevel: 0 })
        .toBuffer(),
    )
      .resize(WIDTH, HEIGHT, { kernel: 'cubic' })
      .png({ compressionLevel: 0 })
      .toBuffer()
  const layers = [await octave(64, 60), await octave(16, 50), await octave(4, 40), await octave(1, 20)]
  return sharp(base, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } })
    .composite(layers.map((input) => ({ input, blend: 'soft-light' as const })))
    .jpeg({ quality: 90 })
    .toBuffer()
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2
}
const mib = (bytes: number) => bytes / 2 ** 20

/** Samples RSS while `work` runs; returns its peak. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5)
  try {
    const result = await work()
    peak = Math.max(peak, process.memoryUsage.rss())
    return { result, peak }
  } finally {
    clearInterval(timer)
  }
}

/** The operating system's name, as /etc/os-release gives it where there is one. */
function system(): string {
  try {
    const name = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(readFileSync('/etc/os-release', 'utf8'))?.[1]
    if (name) return name
  } catch {
    // not Linux: the kernel's name will do
  }
  return `${type()} ${release()}`
}

const settle = () => new Promise((done) => setTimeout(done, 300))

/** The photo, made in a child process so that making it leaves nothing in this one's memory. */
function photoFromChild(): Buffer {
  const script = fileURLToPath(import.meta.url)
  return execFileSync(process.execPath, [...process.execArgv, script, '--make-photo'], { maxBuffer: 64 * 2 ** 20 })
}

async function main() {
  const source = photoFromChild()
  const dataDir = mkdtempSync(join(tmpdir(), 'cauce-bench-images-'))
  const env = readEnv({ NODE_ENV: 'test', HOST: 'localhost', PORT: '54321', DATA_DIR: dataDir })
  const server = await createServer({ env, seed: false })
  const origin = server.deps.siteOrigin
  const service = { apikey: env.SERVICE_ROLE_KEY, authorization: `Bearer ${env.SERVICE_ROLE_KEY}` }
  await server.deps.db.exec(`insert into storage.buckets (id, name, public) values ('${BUCKET}', '${BUCKET}', true)`)
  const upload = await server.app.fetch(
    new Request(`${origin}/storage/v1/object/${BUCKET}/${PATH}`, {
      method: 'POST',
      headers: { ...service, 'content-type': 'image/jpeg' },
      body: new Uint8Array(source),
    }),
  )
  if (upload.status !== 200) throw new Error(`upload failed: ${await upload.text()}`)

  const render = async (query: string, accept = '*/*') => {
    const response = await server.app.fetch(
      new Request(`${origin}/storage/v1/render/image/public/${BUCKET}/${PATH}?${query}`, { headers: { accept } }),
    )
    const body = Buffer.from(await response.arrayBuffer())
    if (response.status !== 200) throw new Error(`${query}: ${response.status} ${body.toString()}`)
    return body
  }
  const cases = [
    { name: 'width 800, cover, WebP', query: 'width=800&resize=cover&format=webp' },
    { name: 'width 800, WebP chosen by `Accept`', query: 'width=800', accept: 'image/avif,image/webp,*/*' },
    { name: 'width 800, AVIF', query: 'width=800&format=avif' },
    { name: '200 × 200 thumbnail, cover, JPEG', query: 'width=200&height=200&resize=cover&format=origin' },
    { name: 'width 2000 (the limit), contain, JPEG', query: 'width=2000&height=2000&resize=contain&format=origin' },
  ]
  await render('width=100') // warm-up: the first render loads libvips' codecs
  await settle()
  const before = process.memoryUsage.rss()
  const rows: string[] = []
  for (const bench of cases) {
    await settle()
    const idle = process.memoryUsage.rss()
    const times: number[] = []
    let output = Buffer.alloc(0)
    const { peak } = await peakRss(async () => {
      for (let i = 0; i < runs; i++) {
        const started = performance.now()
        output = await render(bench.query, bench.accept)
        times.push(performance.now() - started)
      }
    })
    const meta = await sharp(output).metadata()
    const format = meta.format === 'heif' ? 'avif' : meta.format
    rows.push(
      `| ${bench.name} | ${meta.width} × ${meta.height} ${format}, ${(output.length / 1024).toFixed(0)} KiB | ${median(times).toFixed(0)} | ${Math.max(...times).toFixed(0)} | ${mib(peak).toFixed(0)} | +${mib(peak - idle).toFixed(0)} |`,
    )
  }
  // Four renders at once: the gate runs IMAGE_TRANSFORMATION_CONCURRENCY, the others wait.
  await settle()
  const idle = process.memoryUsage.rss()
  const started = performance.now()
  const { peak } = await peakRss(() => Promise.all(Array.from({ length: 4 }, () => render(cases[0]!.query))))
  const together = performance.now() - started
  rows.push(
    `| 4 at once: width 800, cover, WebP | (all four) | ${together.toFixed(0)} (all four) | — | ${mib(peak).toFixed(0)} | +${mib(peak - idle).toFixed(0)} |`,
  )
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })

  const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT }).toString().trim()
  const section = [
    TITLE,
    '',
    `\`npm run bench:images\`, ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, commit \`${commit}\`; ` +
      `${system()}, ${cpus()[0]?.model.trim() ?? 'unknown CPU'}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `Node ${process.version}, sharp ${sharp.versions.sharp} (libvips ${sharp.versions.vips}), ` +
      `load average ${loadavg()[0]!.toFixed(1)} at the end (a shared machine).`,
    '',
    `Source: a ${WIDTH} × ${HEIGHT} (12 MP) photo-like JPEG of ${(source.length / 2 ** 20).toFixed(1)} MiB in a public bucket,`,
    'rendered through `GET /storage/v1/render/image/public/…` on the embedded server in the same process (the',
    `default \`IMAGE_TRANSFORMATION_*\` settings: ${env.IMAGE_TRANSFORMATION_CONCURRENCY} at once, sizes clamped to ${env.IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE}).`,
    `Each case ${runs} times in a row after one warm-up render. Memory is the whole process's resident set`,
    '(server, PGlite worker, libvips), sampled every 5 ms: its peak during the case and the rise over the idle',
    `level just before it. Idle before the first case: ${mib(before).toFixed(0)} MiB (the server with its embedded`,
    'PGlite, after the upload and one warm-up render; the photo is made in a child process).',
    '',
    '| Transformation | Output | Median ms | Slowest ms | Peak RSS MiB | Rise MiB |',
    '| --- | --- | ---: | ---: | ---: | ---: |',
    ...rows,
    '',
    'Reading the rows. A 12-megapixel JPEG is 36 MB of pixels decoded, but a render holds far less: the file is',
    'read sequentially, and JPEG decodes straight at a fraction of its size when the output is smaller (the',
    'largest output, at the 2000-pixel limit, needs the most). Four renders asked at once are run two at a time',
    '(the gate), so memory rises as for two and the fourth answer comes after about two rounds. The machine is',
    "shared with other engineers' test runs, which the slowest times show.",
    '',
  ].join('\n')
  console.log(section)
  if (!process.argv.includes('--no-write')) await replaceSection(DOC, TITLE, section)
}

if (process.argv.includes('--make-photo')) {
  const bytes = await photo()
  // A pipe is written asynchronously: exit only once all of it is out.
  await new Promise((done) => process.stdout.write(bytes, done))
} else await main()
process.exit(0)
