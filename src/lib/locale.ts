// Which language a page is shown in. Pure functions only: the detection order is
// URL prefix → stored choice → browser language → Spanish.
export const locales = ['es', 'en'] as const
export type Locale = (typeof locales)[number]
export const defaultLocale: Locale = 'es'
export const localeStorageKey = 'lang'
/** The language cookie lasts a year; the choice is renewed each time it is made. */
export const localeCookieMaxAge = 60 * 60 * 24 * 365

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value)
}

/** Maps a BCP 47 tag such as `es-419` or `EN-us` to a supported locale, if any. */
export function normalizeLocale(tag: string | null | undefined): Locale | undefined {
  if (!tag) return undefined
  const base = tag.trim().toLowerCase().split(/[-_]/)[0]
  return isLocale(base) ? base : undefined
}

/** The language prefix of a path (`/en/contact` → `en`), or undefined for an unprefixed path. */
export function localeFromPath(pathname: string): Locale | undefined {
  const first = pathname.split('/')[1]
  return isLocale(first) ? first : undefined
}

export interface LocaleSources {
  pathname: string
  stored?: string | null
  browser?: readonly string[]
}

export function detectLocale({ pathname, stored, browser = [] }: LocaleSources): Locale {
  const fromUrl = localeFromPath(pathname)
  if (fromUrl) return fromUrl
  const fromStorage = normalizeLocale(stored)
  if (fromStorage) return fromStorage
  for (const tag of browser) {
    const fromBrowser = normalizeLocale(tag)
    if (fromBrowser) return fromBrowser
  }
  return defaultLocale
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'es' ? 'en' : 'es'
}
