// The language prefix of the current URL (undefined on unprefixed URLs). Links pass it on as
// the `lang` param so they keep the visitor's prefix form.
import { useParams } from '@tanstack/react-router'
import { isLocale, type Locale } from './locale'

export function useLangPrefix(): Locale | undefined {
  const params: { lang?: string } = useParams({ strict: false })
  return isLocale(params.lang) ? params.lang : undefined
}
