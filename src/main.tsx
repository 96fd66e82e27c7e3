// Entry point, kept tiny: on a prerendered public page the browser paints the HTML first, and
// only then loads and starts the app (src/app.tsx), so no script or download stands between the
// visitor and the page's text. Other pages (sign-in, portal, admin) start the app at once.
import './styles/global.css'

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

if (document.getElementById('app')?.hasAttribute('data-prerendered')) {
  await afterFirstPaint()
  // The catalog of the page's language is needed to hydrate: fetched alongside the app's code.
  const preload = Object.assign(document.createElement('link'), {
    rel: 'preload',
    as: 'fetch',
    crossOrigin: 'anonymous',
    href: `/locales/${document.documentElement.lang}.json`,
  })
  document.head.append(preload)
}
await import('./app')
