// The compiled catalogs' addresses. Vite emits each as a file whose name carries its content's
// hash (dist/assets/catalog-{lng}-{hash}.json), so a browser keeps it for good and a returning
// visit downloads no catalog (a fixed /locales/{lng}.json had to be fetched again on every page:
// about 40 kB of brotli before an area page could show its text).
import type { Locale } from './locale'

const urls = import.meta.glob<string>('/locales/*/messages.json', { query: '?url', import: 'default', eager: true })

export function catalogUrl(locale: Locale): string {
  const url = urls[`/locales/${locale}/messages.json`]
  if (!url) throw new Error(`No compiled catalog for ${locale}: run npm run gen`)
  return url
}
