// The language of an auth e-mail: the person's own choice (user_metadata.locale), else the
// language of the page the request came from (its redirect address), else Spanish.
import type { MailLocale } from './layout.ts'

export function metadataLocale(metadata: unknown): MailLocale | undefined {
  const locale = (metadata as { locale?: unknown } | null | undefined)?.locale
  return locale === 'en' || locale === 'es' ? locale : undefined
}

/** The language of a page of the site from its URL (`/en/…`, `/es/…`), if it names one. */
export function pageLocale(url: string | undefined): MailLocale | undefined {
  if (!url) return undefined
  try {
    const first = new URL(url).pathname.split('/')[1]
    return first === 'en' || first === 'es' ? first : undefined
  } catch {
    return undefined
  }
}

export function mailLocaleOf(metadata: unknown, pageUrl?: string): MailLocale {
  return metadataLocale(metadata) ?? pageLocale(pageUrl) ?? 'es'
}
