// Per-page <head>: title, description, Open Graph and Twitter card (with the page's share image),
// canonical and hreflang alternates.
// An unprefixed page (/contact) shows the visitor's language, so its canonical URL is the
// prefixed page of that language (/es/contact); x-default points at the unprefixed form.
import type { MessageDescriptor } from '@lingui/core'
import { i18n } from '@lingui/core'
import { isLocale, locales, type Locale } from './locale'
import { withLangPrefix } from './pages'
import { siteConfig } from '@/config/site'

const ogLocale: Record<Locale, string> = { es: 'es_ES', en: 'en_US' }

export interface PageHeadInput {
  /** Unprefixed path of the page, e.g. `/contact`. */
  path: string
  title: MessageDescriptor
  description: MessageDescriptor
}

/**
 * Absolute URLs in prerendered pages carry this origin; the server puts its own in its place when
 * it sends a page (SITE_URL in production, the address it answers at in development).
 */
export const prerenderOrigin = 'https://origin.prerender.invalid'

function origin(): string {
  return typeof window === 'undefined' ? prerenderOrigin : window.location.origin
}

/** An absolute URL on this site: `/es/contact` → `https://…/es/contact`. */
export function absoluteUrl(path: string): string {
  return origin() + path
}

/** The page's share image (made at build time by scripts/lib/og-images.mjs), 1200×630. */
export const ogImageSize = { width: 1200, height: 630 } as const

export function ogImagePath(path: string, locale: Locale): string {
  return `/og/${locale}${path === '/' ? '/home' : path}.png`
}

export function pageHead({ path, title, description }: PageHeadInput) {
  const locale: Locale = isLocale(i18n.locale) ? i18n.locale : 'es'
  const base = origin()
  const pageTitle = `${i18n._(title)} · ${siteConfig.name}`
  const pageDescription = i18n._(description)
  const canonical = base + withLangPrefix(path, locale)
  const image = base + ogImagePath(path, locale)
  return {
    meta: [
      { title: pageTitle },
      { name: 'description', content: pageDescription },
      { property: 'og:type', content: 'website' },
      { property: 'og:site_name', content: siteConfig.name },
      { property: 'og:title', content: pageTitle },
      { property: 'og:description', content: pageDescription },
      { property: 'og:url', content: canonical },
      { property: 'og:locale', content: ogLocale[locale] },
      ...locales
        .filter((other) => other !== locale)
        .map((other) => ({ property: 'og:locale:alternate', content: ogLocale[other] })),
      { property: 'og:image', content: image },
      { property: 'og:image:type', content: 'image/png' },
      { property: 'og:image:width', content: String(ogImageSize.width) },
      { property: 'og:image:height', content: String(ogImageSize.height) },
      { property: 'og:image:alt', content: pageTitle },
      { name: 'twitter:card', content: 'summary_large_image' },
      { name: 'twitter:title', content: pageTitle },
      { name: 'twitter:description', content: pageDescription },
      { name: 'twitter:image', content: image },
    ],
    links: [
      { rel: 'canonical', href: canonical },
      ...locales.map((lng) => ({ rel: 'alternate', hrefLang: lng, href: base + withLangPrefix(path, lng) })),
      { rel: 'alternate', hrefLang: 'x-default', href: base + path },
    ],
  }
}

/** Sign-in, portal and admin pages: a translated title, and kept out of search engines. */
export function privatePageHead(title: MessageDescriptor) {
  return {
    meta: [{ title: `${i18n._(title)} · ${siteConfig.name}` }, { name: 'robots', content: 'noindex' }],
  }
}
