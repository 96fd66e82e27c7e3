// Puts a rendered page into the built index.html: the page's language, the <head> tags React
// hoisted to the start of the render, and the markup in #app. Used by the prerenderer and by the server's no-JavaScript form answers.

import { errorTemplateId } from './static-error-screen'

/** The <title>, <meta> and <link> tags React hoists to the start of a render. */
const HOISTED = /^(?:<title>[^<]*<\/title>|<meta [^>]*\/>|<link [^>]*\/>)/

export function splitHoisted(appHtml: string): { head: string[]; body: string } {
  let rest = appHtml
  const head: string[] = []
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0])
    rest = rest.slice(match[0].length)
  }
  return { head, body: rest }
}

/**
 * How the browser treats the page: `hydrate` it, `render` it afresh (the 404 page, rendered at a
 * probe address), or leave it `static` (no scripts at all: the answer to a form sent without
 * JavaScript, whose state the browser could not rebuild).
 */
export type DocumentMode = 'hydrate' | 'render' | 'static'

/** Marks the head tags of a `render` page, which the browser replaces with its own. */
export const replacedHeadAttribute = 'data-replaced'

/** The error screen every page carries for when the app cannot start (see static-error-screen.ts). */
export function withErrorTemplate(html: string, errorScreenHtml: string): string {
  return html.replace('</body>', `  <template id="${errorTemplateId}">${errorScreenHtml}</template>\n  </body>`)
}

/** index.html's entry script and the files it preloads. */
const entryScripts = /\s*<script type="module"[^>]*><\/script>|\s*<link rel="modulepreload"[^>]*>/g

export function fillTemplate(
  template: string,
  page: {
    lang: string
    appHtml: string
    mode: DocumentMode
    errorScreenHtml?: string
    /** The inline script that starts the app (src/prerender/page-bootstrap.ts) instead of index.html's entry. */
    bootstrap?: string
    /** Tags for the head that no route renders (the firm's JSON-LD). */
    headHtml?: string[]
    /** A page that works only with JavaScript (a sign-in form) keeps index.html's notice saying so. */
    needsScript?: boolean
  },
): string {
  // No preload of the catalog here: the page's start script asks for it once the page has painted.
  const { head, body } = splitHoisted(page.appHtml)
  // A page the browser renders afresh puts its own head tags back: it removes these first.
  const headTags =
    page.mode === 'render'
      ? head.map((tag) => tag.replace(/^<(title|meta|link)/, `<$1 ${replacedHeadAttribute}`))
      : head
  let html = template
    .replace(/<html lang="[^"]*"/, `<html lang="${page.lang}"`)
    // A function, so no `$` in the tags is read as a replacement pattern.
    .replace('</head>', () => [...headTags, ...(page.headHtml ?? []), '</head>'].join('\n    '))
    .replace('<div id="app"></div>', `<div id="app" data-prerendered="${page.mode}">${body}</div>`)
  // A public page is readable without JavaScript: the index.html notice is for the app's pages.
  if (!page.needsScript) html = html.replace(/\s*<noscript>[\s\S]*?<\/noscript>/, '')
  if (page.errorScreenHtml && page.mode !== 'static') html = withErrorTemplate(html, page.errorScreenHtml)
  // A static page has no script; the others start the app with their own inline script.
  if (page.mode === 'static' || page.bootstrap) html = html.replace(entryScripts, '')
  if (page.mode !== 'static' && page.bootstrap)
    html = html.replace('</body>', `  <script type="module">${page.bootstrap}</script>\n  </body>`)
  if (!html.includes('data-prerendered')) throw new Error('index.html has no empty <div id="app"></div>')
  return html
}
