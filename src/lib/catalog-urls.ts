// The compiled catalogs' addresses. Vite emits each as a file whose name carries its content's
// hash (dist/assets/catalog-{lng}-{hash}.json), so a browser keeps it for good and a returning
// visit downloads no catalog (a fixed /locales/{lng}.json had to be fetched again on every page:
// about 40 kB of brotli before an area page could show its text). Decision 0059.
import es from '../../locales/es/messages.json?url'
import en from '../../locales/en/messages.json?url'
import type { Locale } from './locale'

const urls: Record<Locale, string> = { es, en }

export function catalogUrl(locale: Locale): string {
  return urls[locale]
}
