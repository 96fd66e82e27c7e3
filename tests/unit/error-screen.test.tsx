// A render error anywhere replaces the whole app (header included) with the error screen,
// in the active language. Uses the real route trees (every route's and the public pages') and
// router configuration.
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { RouterProvider, createMemoryHistory } from '@tanstack/react-router'
import { createAppRouter } from '../../src/router'
import { routeTree } from '../../src/routeTree.gen'
import { routeTree as siteRouteTree } from '../../src/site-route-tree.gen'
import { PageSpinner } from '../../src/components/spinner/spinner'
import { activateLocale } from '../../src/lib/i18n'
import { localeFromPath } from '../../src/lib/locale'
import { siteConfig } from '../../src/config/site'
import { serveCatalogs } from './support/catalogs'
import { expectConsoleErrors } from './setup'

vi.mock('../../src/features/site/contact-page', () => ({
  ContactPage: () => {
    throw new Error('Render failure on purpose')
  },
}))

const trees = [
  ['every route', routeTree],
  ['the public pages', siteRouteTree],
] as const

async function renderAt(path: string, tree: (typeof trees)[number][1] = routeTree) {
  serveCatalogs()
  // As in main.tsx: the first language is active before the first render.
  await activateLocale(localeFromPath(path) ?? 'es')
  const router = createAppRouter({
    routeTree: tree,
    pendingComponent: PageSpinner,
    history: createMemoryHistory({ initialEntries: [path] }),
  })
  render(<RouterProvider router={router} />)
  return router
}

describe.each(trees)('error screen (%s)', (_, tree) => {
  it.each([
    ['/en/contact', 'Something went wrong', 'Reload Page', 'Go to Homepage', '/en'],
    ['/es/contact', 'Algo salió mal', 'Recargar página', 'Ir a la página de inicio', '/es'],
  ])('replaces the app on %s', async (path, title, reload, home, homeHref) => {
    expectConsoleErrors(10) // React and the screen itself report the error
    await renderAt(path, tree)
    // The page's chunk loads lazily: on a busy machine that takes longer than findBy's default 1 s.
    expect(await screen.findByRole('heading', { level: 1, name: title }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: reload })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: home })).toHaveAttribute('href', homeHref)
    expect(screen.getByRole('link', { name: siteConfig.email })).toHaveAttribute('href', `mailto:${siteConfig.email}`)
    // The header is gone: the screen replaced the whole app, not just the page.
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
  })

  it('leaves other pages working', async () => {
    await renderAt('/en', tree)
    expect(await screen.findByRole('heading', { level: 1 }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('banner')).toBeInTheDocument()
  })
})
