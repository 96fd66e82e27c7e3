// Entry point: activate the visitor's language before the first render (I18nProvider renders
// nothing until a locale is active), then mount the router.
import './styles/global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from '@tanstack/react-router'
import { createAppRouter } from './router'
import { activateLocale, detectBrowserLocale } from './lib/i18n'
import { startInspector } from './lib/inspector'
import { bindAuthToApp } from './auth/loader'

const root = document.getElementById('app')
if (!root) throw new Error('index.html must contain #app')

await startInspector()

try {
  await activateLocale(detectBrowserLocale(window.location.pathname))
  const router = createAppRouter()
  // Auth changes re-run the guards; a change of user empties the query cache first.
  bindAuthToApp({
    invalidate: () => void router.invalidate(),
    clearCache: () => router.options.context.queryClient.clear(),
  })
  createRoot(root).render(
    <StrictMode>
      <RouterProvider router={router} />
    </StrictMode>,
  )
} catch {
  // Without a catalog no translated text exists yet, so this one line carries both languages.
  root.textContent =
    'No se pudo cargar el sitio; recargue la página. · The site could not load; please reload the page.'
}
