// The public pages and what each must show, derived from the app's own sources: the page list
// from src/lib/pages.ts and, for each page, the English source messages of its h1, <title> and
// meta description read from the content modules (src/features/site/content/*.ts; titles and
// descriptions are in site-index.ts, the case studies' headings in case-studies.ts).
import { readFileSync } from 'node:fs'
import { publicPagePaths, withLangPrefix } from '../../../src/lib/pages'
import { siteConfig } from '../../../src/config/site'
import type { Locale } from '../../../src/lib/locale'
import { t } from './catalog'

/** `bare` is the unprefixed URL (/contact); `es` and `en` are the prefixed ones (/es/contact). */
export type UrlForm = 'bare' | Locale
export const urlForms: readonly UrlForm[] = ['bare', 'es', 'en']

export function pageUrl(path: string, form: UrlForm): string {
  return withLangPrefix(path, form === 'bare' ? undefined : form)
}

const contentDir = new URL('../../../src/features/site/content/', import.meta.url)

/** The source text of `field: msg\`…\`` in a content module, inside the `'block': {` object if given. */
function sourceMessage(file: string, field: string, block?: string): string {
  const text = readFileSync(new URL(file, contentDir), 'utf8')
  // Object keys are quoted only when they need to be: 'data-architecture': { … } but governance: { … };
  // a block may also be a module's own constant (export const homeMeta: PageMeta = { … }).
  const start =
    block === undefined
      ? 0
      : text.search(new RegExp(`^(\\s*(['"]?)${block}\\2: \\{|export const ${block}\\b[^=]*= \\{)`, 'm'))
  if (start < 0) throw new Error(`${file} has no entry '${block}'`)
  const match = new RegExp(`(?<![\\w])${field}: msg\`([^\`]*)\``).exec(text.slice(start))
  if (!match?.[1]) throw new Error(`${file}${block ? ` '${block}'` : ''} has no ${field}: msg\`…\``)
  return match[1]
}

export interface PublicPage {
  /** Unprefixed path, e.g. `/contact`. */
  path: string
  /** English source messages; render them with `t(lng, …)`. */
  h1: string
  title: string
  description: string
}

function describePage(path: string): PublicPage {
  if (path === '/') {
    return {
      path,
      h1: sourceMessage('home.ts', 'heroTitle'),
      title: sourceMessage('site-index.ts', 'title', 'homeMeta'),
      description: sourceMessage('site-index.ts', 'description', 'homeMeta'),
    }
  }
  if (path === '/contact') {
    return {
      path,
      h1: sourceMessage('contact.ts', 'title'),
      title: sourceMessage('site-index.ts', 'title', 'contactMeta'),
      description: sourceMessage('site-index.ts', 'description', 'contactMeta'),
    }
  }
  const [, kind, slug] = path.split('/')
  if (kind === 'legal' && slug) {
    return {
      path,
      h1: sourceMessage('site-index.ts', 'title', slug),
      title: sourceMessage('site-index.ts', 'title', slug),
      description: sourceMessage('site-index.ts', 'metaDescription', slug),
    }
  }
  if (kind === 'case-studies') {
    return slug
      ? {
          path,
          h1: sourceMessage('case-studies.ts', 'heroTitle', slug),
          title: sourceMessage('site-index.ts', 'title', slug),
          description: sourceMessage('site-index.ts', 'metaDescription', slug),
        }
      : {
          path,
          h1: sourceMessage('case-studies.ts', 'heroTitle', 'caseStudiesPage'),
          title: sourceMessage('site-index.ts', 'title', 'caseStudiesMeta'),
          description: sourceMessage('site-index.ts', 'description', 'caseStudiesMeta'),
        }
  }
  const file = kind === 'services' ? 'services.ts' : kind === 'specializations' ? 'specializations.ts' : undefined
  if (!file || !slug) throw new Error(`No content module known for ${path}`)
  return {
    path,
    h1: sourceMessage(file, 'heroTitle', slug),
    title: sourceMessage('site-index.ts', 'name', slug),
    description: sourceMessage('site-index.ts', 'metaDescription', slug),
  }
}

export const publicPages: readonly PublicPage[] = publicPagePaths.map(describePage)

export function expectedTitle(page: PublicPage, lng: Locale): string {
  return `${t(lng, page.title)} · ${siteConfig.name}`
}

export function findPage(path: string): PublicPage {
  const found = publicPages.find((page) => page.path === path)
  if (!found) throw new Error(`${path} is not a public page`)
  return found
}
