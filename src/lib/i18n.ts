// Loads the compiled Lingui catalog for a locale from /locales/{lng}.json and makes it active.
import { i18n, type Messages } from '@lingui/core'
import { detectLocale, localeStorageKey, type Locale } from './locale'

const loaded = new Map<Locale, Promise<Messages>>()

export function fetchCatalog(locale: Locale): Promise<Messages> {
  let pending = loaded.get(locale)
  if (!pending) {
    pending = fetch(`/locales/${locale}.json`)
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

// The language asked for last. A catalog that arrives after the visitor has moved on (EN, then
// Back before en.json loaded) must not switch the page to a language nobody wants any more.
let latestRequest: Locale | undefined

export async function activateLocale(locale: Locale): Promise<void> {
  latestRequest = locale
  if (i18n.locale === locale) return
  const messages = await fetchCatalog(locale)
  if (latestRequest !== locale) return
  i18n.loadAndActivate({ locale, messages })
  document.documentElement.lang = locale
}

export function readStoredLocale(): string | null {
  try {
    return localStorage.getItem(localeStorageKey)
  } catch {
    return null // storage can be disabled (private mode, policies)
  }
}

export function storeLocale(locale: Locale): void {
  try {
    localStorage.setItem(localeStorageKey, locale)
  } catch {
    // the choice then lasts only as long as the page
  }
}

export function detectBrowserLocale(pathname: string): Locale {
  return detectLocale({
    pathname,
    stored: readStoredLocale(),
    browser: navigator.languages?.length ? navigator.languages : [navigator.language],
  })
}

export { i18n }
