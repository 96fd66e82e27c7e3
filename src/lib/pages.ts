// The public pages of the site as data: the header, footer, sitemap and the server's
// 404 decision all read this list, so a page added here is linked and indexed everywhere.
export const serviceSlugs = ['business-intelligence', 'data-architecture', 'data-engineering', 'governance'] as const
export type ServiceSlug = (typeof serviceSlugs)[number]

export const specializationSlugs = ['financial-intelligence', 'customer-intelligence'] as const
export type SpecializationSlug = (typeof specializationSlugs)[number]

/** The case studies (decision 0041): /case-studies lists them, /case-studies/<slug> tells each one. */
export const caseStudySlugs = ['regional-retail-chain', 'industrial-manufacturer', 'private-clinic-network'] as const
export type CaseStudySlug = (typeof caseStudySlugs)[number]

/** The legal texts every Spanish company's site must have: /legal/notice, /legal/privacy, /legal/cookies. */
export const legalSlugs = ['notice', 'privacy', 'cookies'] as const
export type LegalSlug = (typeof legalSlugs)[number]

export function isLegalSlug(value: string): value is LegalSlug {
  return (legalSlugs as readonly string[]).includes(value)
}

export function isServiceSlug(value: string): value is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(value)
}

export function isCaseStudySlug(value: string): value is CaseStudySlug {
  return (caseStudySlugs as readonly string[]).includes(value)
}

export function isSpecializationSlug(value: string): value is SpecializationSlug {
  return (specializationSlugs as readonly string[]).includes(value)
}

/** Paths (without language prefix) of every public, indexable page. */
export const publicPagePaths: readonly string[] = [
  '/',
  ...serviceSlugs.map((slug) => `/services/${slug}`),
  ...specializationSlugs.map((slug) => `/specializations/${slug}`),
  '/case-studies',
  ...caseStudySlugs.map((slug) => `/case-studies/${slug}`),
  '/contact',
  ...legalSlugs.map((slug) => `/legal/${slug}`),
]

/** Sign-in and password pages: real pages, but private (not in the sitemap, noindex). */
export const privatePagePaths: readonly string[] = [
  '/client-portal',
  '/client-portal/login',
  '/client-portal/forgot-password',
  '/admin',
  '/admin/login',
  '/admin/forgot-password',
  '/reset-password',
  '/confirm',
  '/second-factor',
]

/**
 * The sign-in pages a person reaches signed out: prerendered like the public pages, so their form
 * paints before any script (decision 0031). The reset and confirmation pages, which read their
 * link from the URL, render a first state that does not depend on it (decision 0048).
 */
export const prerenderedSignInPaths: readonly string[] = [
  '/client-portal/login',
  '/client-portal/forgot-password',
  '/admin/login',
  '/admin/forgot-password',
  '/reset-password',
  '/confirm',
]

/** Behind sign-in: every path below these is a page of the portal or the admin area. */
export const privateAreaPrefixes: readonly string[] = ['/client-portal/dashboard', '/admin/dashboard']

/** Adds a language prefix to an unprefixed path: (`/contact`, `en`) → `/en/contact`, (`/`, `es`) → `/es`. */
export function withLangPrefix(path: string, lang: string | undefined): string {
  if (!lang) return path
  return path === '/' ? `/${lang}` : `/${lang}${path}`
}

/** Removes a known language prefix: `/en/contact` → `/contact`, `/es` → `/`. */
export function withoutLangPrefix(pathname: string, langs: readonly string[]): string {
  const [, first, ...rest] = pathname.split('/')
  if (first && langs.includes(first)) return `/${rest.join('/')}`
  return pathname
}
