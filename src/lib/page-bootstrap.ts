// The one script a prerendered page carries, inline: it waits until the page has painted, then
// asks for the page's catalog and the app (src/app.tsx) at once, and starts it. Inline rather
// than a file, so nothing but the stylesheet is requested before the first paint (an entry file
// would compete with it on a slow connection); the server allows exactly this text by its hash in
// the Content-Security-Policy (see scripts/lib/prerender.mjs). If the app cannot load or start,
// the page stays as it is: readable, its links and forms working without it.
// See docs/decisions/0009-prerendered-public-pages.md.

/** The script for pages whose app starts from `appUrl` (the built chunk of src/app.tsx). */
export function pageBootstrapScript(appUrl: string): string {
  return `const root = document.getElementById('app')
await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
document.head.append(Object.assign(document.createElement('link'), { rel: 'preload', as: 'fetch', crossOrigin: 'anonymous', href: '/locales/' + document.documentElement.lang + '.json' }))
try {
  const { startApp } = await import(${JSON.stringify(appUrl)})
  await startApp(root, true)
} catch (error) {
  console.error('The app could not start:', error)
}`
}

/** The Content-Security-Policy source that allows an inline script: its SHA-256, base64. */
export async function scriptHashSource(script: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(script))
  return `'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`
}
