// Entry point of the pages rendered in the browser (sign-in, portal, admin): starts the app at
// once. The prerendered public pages do not load this file: their inline script
// (src/prerender/page-bootstrap.ts) starts the app once the page has painted. If the app cannot load or
// start, the page shows the error screen the server put in it.
import './styles/global.css'
import { showStaticErrorScreen } from './lib/static-error-screen'

const root = document.getElementById('app')

try {
  const { startApp } = await import('./app')
  await startApp(root!, false)
} catch (error) {
  if (root) showStaticErrorScreen(root)
  console.error('The app could not start:', error)
}
