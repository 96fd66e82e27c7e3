// The one script a prerendered page carries, inline: it waits until the page is on screen (its
// largest paint reported, where the browser reports it; else the next frame), then asks for the
// page's catalog and the app (src/app.tsx) at once, and starts it. Waiting for the reported paint,
// not just a frame, keeps the app's downloads from competing with the page's own first paint. Inline rather
// than a file, so nothing but the stylesheet is requested before the first paint (an entry file
// would compete with it on a slow connection); the server allows exactly this text by its hash in
// the Content-Security-Policy (see scripts/lib/prerender.mjs). If the app cannot load or start,
// the page stays as it is: readable, its links and forms working without it.
// See docs/decisions/0009-prerendered-public-pages.md.

import { errorTemplateId } from '../lib/static-error-screen'
import { catalogUrl } from '../lib/catalog-urls'
import { locales } from '../lib/locale'

/** Longest wait for the paint before the app starts anyway (a tab in the background paints nothing). */
const PAINT_WAIT_CAP_MS = 3000

/**
 * The script for pages whose app starts from `appUrl` (the built chunk of src/site-app.tsx or
 * src/app.tsx). A page that is no use without the app (a sign-in form) passes `showErrorScreen`
 * (src/lib/static-error-screen.ts), which the script carries as source and runs if the app fails.
 */
export function pageBootstrapScript(
  appUrl: string,
  showErrorScreen?: (root: HTMLElement, templateId: string) => unknown,
): string {
  const onFailure = showErrorScreen
    ? `\n  ;(${showErrorScreen.toString()})(root, ${JSON.stringify(errorTemplateId)})`
    : ''
  const catalogs = Object.fromEntries(locales.map((locale) => [locale, catalogUrl(locale)]))
  return `const root = document.getElementById('app')
await new Promise((resolve) => {
  const next = () => setTimeout(resolve, 0)
  if (!PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return requestAnimationFrame(next)
  const observer = new PerformanceObserver(() => { observer.disconnect(); next() })
  observer.observe({ type: 'largest-contentful-paint', buffered: true })
  setTimeout(resolve, ${PAINT_WAIT_CAP_MS})
})
document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: ${JSON.stringify(catalogs)}[document.documentElement.lang] }))
try {
  const { startApp } = await import(${JSON.stringify(appUrl)})
  await startApp(root, true)
} catch (error) {
  console.error('The app could not start:', error)${onFailure}
}`
}

/** The Content-Security-Policy source that allows an inline script: its SHA-256, base64. */
export async function scriptHashSource(script: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}
