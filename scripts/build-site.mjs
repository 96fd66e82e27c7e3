// Builds the site: the browser bundle (vite build), the prerenderer's bundle (vite build --ssr
// src/prerender/entry-server.tsx), then every public page in every URL form and language as HTML
// (scripts/lib/prerender.mjs). The SSR bundle stays in <outDir>/server (never served): the server
// also renders the contact form's no-JavaScript answers with it. `--outDir .bench-dist` builds elsewhere.
import { spawnSync } from 'node:child_process'
import { basename, join, resolve } from 'node:path'
import { parseArgs } from 'node:util'
import { prerender } from './lib/prerender.mjs'

const { values } = parseArgs({ options: { outDir: { type: 'string', default: 'dist' }, quiet: { type: 'boolean' } } })
const dist = resolve(values.outDir)
const ssrOut = join(dist, 'server')
const vite = ['node_modules/vite/bin/vite.js', 'build', '--logLevel', values.quiet ? 'warn' : 'info']

function run(args) {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit' })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

run([...vite, '--outDir', dist, '--emptyOutDir'])
run([...vite, '--ssr', 'src/prerender/entry-server.tsx', '--outDir', ssrOut, '--emptyOutDir'])
const { pages, images } = await prerender({ dist, entry: resolve(ssrOut, 'entry-server.js') })
console.log(
  `Prerendered ${pages} pages into ${basename(dist)}/prerendered/ and ${images} share images into ${basename(dist)}/og/`,
)
