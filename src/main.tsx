// Entry point, kept tiny: on a prerendered public page the browser paints the HTML first, and
// only then loads and starts the app (src/app.tsx), so no script or download stands between the
// visitor and the page's text. Other pages (sign-in, portal, admin) start the app at once. If
// the app cannot load or start, those show the error screen the server put in the page.
import './styles/global.css'
import { showStaticErrorScreen } from './lib/static-error-screen'

function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
}

const root = document.getElementById('app')
const prerendered = root?.hasAttribute('data-prerendered') ?? false

if (prerendered) {
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
try {
  const { startApp } = await import('./app')
  await startApp(root!, prerendered)
} catch (error) {
  // A prerendered page stays as it is: readable, its links working without the app.
  if (!prerendered && root) showStaticErrorScreen(root)
  console.error('The app could not start:', error)
}
