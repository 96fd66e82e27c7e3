// Writes every public page as HTML into <dist>/prerendered/: the app rendered by the SSR bundle,
// put into the built index.html with the page's language, its <head> tags and a preload of its
// catalog (the browser needs it to hydrate). See docs/decisions/0009-prerendered-public-pages.md.
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** The <title>, <meta> and <link> tags React hoists to the start of a render. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/

export function splitHoisted(appHtml) {
  let rest = appHtml
  const head = []
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0])
    rest = rest.slice(match[0].length)
  }
  return { head, body: rest }
}

export function fillTemplate(template, { lang, head, body }) {
  const page = template
    .replace(/<html lang="[^"]*"/, `<html lang="${lang}"`)
    .replace(
      '</head>',
      [
        ...head,
        // The catalog is needed to hydrate: fetched alongside the scripts, not after them.
        `<link rel="preload" href="/locales/${lang}.json" as="fetch" crossorigin="anonymous" />`,
        '</head>',
      ].join('\n    '),
    )
    .replace('<div id="app"></div>', `<div id="app" data-prerendered="">${body}</div>`)
    // The page is readable without JavaScript: the index.html notice is for the app's other pages.
    .replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
  if (!page.includes('data-prerendered')) throw new Error('index.html has no empty <div id="app"></div>')
  return page
}

export async function prerender({ dist, entry }) {
  const ssr = await import(pathToFileURL(entry).href)
  const catalog = async (lng) => JSON.parse(await readFile(join(dist, 'locales', `${lng}.json`), 'utf8')).messages
  ssr.provideCatalogs({ es: await catalog('es'), en: await catalog('en') })
  const template = await readFile(join(dist, 'index.html'), 'utf8')
  const out = join(dist, 'prerendered')
  const targets = ssr.prerenderTargets()
  // One page at a time: Lingui's active language is global to the render.
  for (const target of targets) {
    const { appHtml, lang } = await ssr.renderPage(target.url, target.locale)
    if (lang !== target.locale) throw new Error(`${target.url} rendered in ${lang}, expected ${target.locale}`)
    const { head, body } = splitHoisted(appHtml)
    const file = join(out, target.file)
    await mkdir(dirname(file), { recursive: true })
    await writeFile(file, fillTemplate(template, { lang, head, body }))
  }
  return targets.length
}
