// Writes every public page, and the sign-in pages (decision 0031), as HTML into <dist>/prerendered/ with the SSR bundle (src/prerender/entry-server.tsx):
// the page in the built index.html, with its language, <head> tags and the inline script that
// starts the app (whose hash the server allows in its Content-Security-Policy); then each page's
// share image.
// See docs/decisions/0009-prerendered-public-pages.md.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { writeOgImages } from './og-images.mjs'
import { areaPreloadScript } from './area-preloads.mjs'
import { writeAreaShells } from './area-shells.mjs'

export async function prerender({ dist, entry }) {
  const ssr = await import(pathToFileURL(entry).href)
  await ssr.provideBuiltCatalogs(dist)
  const template = await readFile(join(dist, 'index.html'), 'utf8')
  const out = join(dist, 'prerendered')
  // The app's chunk, which each page's inline script imports once the page has painted.
  const manifest = JSON.parse(await readFile(join(dist, '.vite', 'manifest.json'), 'utf8'))
  // The public pages hydrate with the site's chunk, the sign-in pages with the whole app's.
  const bootstraps = {}
  for (const [tree, source] of [
    ['site', 'src/site-app.tsx'],
    ['app', 'src/app.tsx'],
  ]) {
    const chunk = manifest[source]?.file
    if (!chunk) throw new Error(`The build manifest has no chunk for ${source}`)
    bootstraps[tree] = ssr.pageBootstrapScript(`/${chunk}`, tree === 'app' ? ssr.showStaticErrorScreen : undefined)
  }
  await mkdir(out, { recursive: true })
  // index.html (the area pages' shell) gets its chunk preloads once the pages are rendered from it.
  const preloads = areaPreloadScript(manifest, ssr.locales)
  const scriptSources = await Promise.all(
    [...Object.values(bootstraps), preloads, ssr.linkProbeScript()].map((script) => ssr.scriptHashSource(script)),
  )
  await writeFile(join(out, ssr.inlineScriptsFile), JSON.stringify({ scriptSources }))
  const targets = [...ssr.prerenderTargets(), ...ssr.signInPrerenderTargets()]
  const shareable = []
  // One page at a time: Lingui's active language is global to the render.
  for (const target of targets) {
    // The 404 page is rendered at a probe address: the browser renders it afresh for the real one.
    const mode = target.notFound ? 'render' : 'hydrate'
    const { html, lang } = await ssr.renderDocument({
      template,
      url: target.url,
      locale: target.locale,
      mode,
      bootstrap: bootstraps[target.tree],
      tree: target.tree,
    })
    if (lang !== target.locale) throw new Error(`${target.url} rendered in ${lang}, expected ${target.locale}`)
    const file = join(out, target.file)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, html)
    // One share image per page and language: the prefixed page names the same one as the bare.
    const image = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1]
    if (image && target.tree === 'site' && target.url.startsWith(`/${target.locale}`)) {
      shareable.push({ html, image: image.replace(ssr.prerenderOrigin, '') })
    }
  }
  for (const locale of ['es', 'en']) {
    for (const prefixed of [true, false]) {
      const file = join(out, ssr.errorScreenFile(locale, prefixed))
      await writeFile(file, await ssr.errorScreenFragment(locale, prefixed))
    }
  }
  const shell = template.replace('</head>', `  <script>${preloads}</script>\n  </head>`)
  if (shell === template) throw new Error('index.html has no </head> for the area preloads')
  await writeFile(join(dist, 'index.html'), shell)
  // The compression plugin's copies were made before: made again from the new text.
  await writeFile(join(dist, 'index.html.br'), brotliCompressSync(shell))
  await writeFile(join(dist, 'index.html.gz'), gzipSync(shell, { level: 9 }))
  // The areas' frames, from the final index.html (decision 0049).
  await writeAreaShells({ out, ssr, shell })
  const images = await writeOgImages({ dist, pages: shareable, siteName: ssr.siteName, siteHost: ssr.siteHost })
  return { pages: targets.length, images }
}
