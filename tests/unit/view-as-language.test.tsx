// View as client in the client's language (issue 23, minor 14): the portal opens in the language
// of the client's profile, while the preview's banner, with the way back, speaks the staff
// member's (marked with `lang`) and says which language the portal is in. Switching languages
// inside the preview does not change the staff member's stored choice.
import { describe, expect, it, vi } from 'vitest'
import { render, screen } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { activateLocale, i18n } from '../../src/lib/i18n'
import { clientPortalLocale, type Preview } from '../../src/lib/auth/view-as'
import { PreviewBanner } from '../../src/areas/portal/preview-banner'
import { serveCatalogs } from './support/catalogs'

const preview = (staffLocale: 'es' | 'en', clientLocale: 'es' | 'en'): Preview => ({
  userId: 'c0000000-0000-4000-8000-0000000000a1',
  fullName: 'Lucía Martín',
  organizationName: 'Almacenes Ribera',
  expiresAt: Math.floor(Date.now() / 1000) + 3600,
  returnTo: '/en/admin/dashboard/organizations/0a000000-0000-4000-8000-000000000001',
  staffLocale,
  clientLocale,
})

async function renderBanner(portalLocale: 'es' | 'en', value: Preview) {
  serveCatalogs()
  await activateLocale(portalLocale)
  render(
    <I18nProvider i18n={i18n}>
      <PreviewBanner preview={value} />
    </I18nProvider>,
  )
}

describe('view as client, in the client’s language', () => {
  it('opens the portal in the language of the client’s profile', () => {
    expect(clientPortalLocale('en', 'es')).toBe('en')
    expect(clientPortalLocale('es', 'en')).toBe('es')
    // No usable choice on the profile: the staff member's language.
    expect(clientPortalLocale(null, 'en')).toBe('en')
    expect(clientPortalLocale('fr', 'es')).toBe('es')
  })

  it('keeps the banner and the way back in the staff member’s language over a portal in the client’s', async () => {
    await renderBanner('es', preview('en', 'es'))
    const banner = await screen.findByRole('region', { name: 'Preview as a client' })
    expect(banner).toHaveAttribute('lang', 'en')
    expect(banner).toHaveTextContent(
      'You are viewing the portal as Lucía Martín (Almacenes Ribera). Read-only. It is shown in Spanish, the language Lucía Martín reads it in.',
    )
    expect(screen.getByRole('button', { name: 'Leave preview' })).toBeInTheDocument()
    // The page around it is still the client's Spanish.
    expect(i18n.locale).toBe('es')
  })

  it('speaks Spanish to a Spanish-speaking staff member previewing an English-speaking client', async () => {
    await renderBanner('en', { ...preview('es', 'en'), fullName: 'James Whitaker' })
    const banner = await screen.findByRole('region', { name: 'Vista previa como cliente' })
    expect(banner).toHaveAttribute('lang', 'es')
    expect(banner).toHaveTextContent('Se muestra en inglés, el idioma en que lo lee James Whitaker.')
    expect(screen.getByRole('button', { name: 'Salir de la vista previa' })).toBeInTheDocument()
  })

  it('says nothing about the language when both read the same one', async () => {
    await renderBanner('es', preview('es', 'es'))
    const banner = screen.getByRole('region', { name: 'Vista previa como cliente' })
    expect(banner).not.toHaveAttribute('lang')
    expect(banner).toHaveTextContent(
      /^Está viendo el portal como Lucía Martín \(Almacenes Ribera\)\. Solo lectura\.Salir/,
    )
  })

  it('does not store a language chosen inside the preview as the staff member’s', async () => {
    vi.resetModules()
    localStorage.clear()
    sessionStorage.setItem('cauce-data-view-as', JSON.stringify(preview('en', 'es')))
    try {
      const fresh = await import('../../src/lib/i18n')
      fresh.storeLocale('es')
      expect(localStorage.getItem('lang')).toBeNull()
    } finally {
      sessionStorage.clear()
    }
    // Outside a preview the choice is stored, as before.
    vi.resetModules()
    const normal = await import('../../src/lib/i18n')
    normal.storeLocale('en')
    expect(localStorage.getItem('lang')).toBe('en')
    localStorage.clear()
  })
})
