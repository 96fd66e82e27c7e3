// Loads the compiled Lingui catalog for a locale (catalog-urls.ts) and makes it active.
// In the browser only: the prerenderer (src/prerender/entry-server.tsx) loads both catalogs from disk first,
// so activation there never fetches.
import { i18n, type Messages } from '@lingui/core'
import { detectLocale, localeCookieMaxAge, localeStorageKey, type Locale } from './locale'
import { activePreview } from './auth/view-as'
import { catalogUrl } from './catalog-urls'

const loaded = new Map<Locale, Promise<Messages>>()

export function fetchCatalog(locale: Locale): Promise<Messages> {
  let pending = loaded.get(locale)
  if (!pending) {
    pending = fetch(catalogUrl(locale))
      .then((response) => {
        if (!response.ok) throw new Error(`Catalog ${locale} answered ${response.status}`)
        return response.json() as Promise<{ messages: Messages }>
      })
      .then((catalog) => catalog.messages)
    // A failed fetch must not poison the cache: the next navigation tries again.
    pending.catch(() => loaded.delete(locale))
    loaded.set(locale, pending)
  }
  return pending
}

/** Catalogs already at hand (the prerenderer reads them from disk): activation needs no fetch. */
export function provideCatalogs(catalogs: Record<Locale, Messages>): void {
  for (const [locale, messages] of Object.entries(catalogs) as [Locale, Messages][]) {
    loaded.set(locale, Promise.resolve(messages))
  }
}

// The language asked for last. A catalog that arrives after the visitor has moved on (EN, then
// Back before en.json loaded) must not switch the page to a language nobody wants any more.
let latestRequest: Locale | undefined

export async function activateLocale(locale: Locale): Promise<void> {
  latestRequest = locale
  if (i18n.locale === locale) return
  const messages = await fetchCatalog(locale)
  if (latestRequest !== locale) return
  i18n.loadAndActivate({ locale, messages })
  if (typeof document !== 'undefined') document.documentElement.lang = locale
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(localeStorageKey)
  } catch {
    return null // storage can be disabled (private mode, policies)
  }
}

/**
 * Remembers the choice in localStorage and in a first-party cookie: the cookie is how the server
 * knows which language's prerendered page to send for an unprefixed URL.
 */
export function storeLocale(locale: Locale): void {
  // A preview of the portal is shown in the client's language; switching it there must not
  // change the staff member's own choice, which this browser's other tabs read (decision 0022).
  if (activePreview()) return
  try {
    localStorage.setItem(localeStorageKey, locale)
  } catch {
    // the choice then lasts only as long as the page
  }
  document.cookie = `${localeStorageKey}=${locale}; Path=/; Max-Age=${localeCookieMaxAge}; SameSite=Lax`
}

/** A choice stored before the cookie existed reaches the server from now on. */
export function syncLocaleCookie(): void {
  const stored = readStoredLocale()
  const cookie = new RegExp(`(?:^|; )${localeStorageKey}=([^;]*)`).exec(document.cookie)?.[1]
  if (stored && (stored === 'es' || stored === 'en') && cookie !== stored) storeLocale(stored)
}

export function detectBrowserLocale(pathname: string): Locale {
  return detectLocale({
    pathname,
    stored: readStoredLocale(),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  })
}

export { i18n }
