// JSON-LD for search engines (schema.org): the firm as an Organization with its contact point,
// each service as a Service, questions and answers as an FAQPage, each case study as an Article
// (the list of them as a CollectionPage), and the breadcrumb trail.
// Built from the same site configuration and copy as the visible page.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { siteConfig } from '@/config/site'
import type { Locale } from '@/lib/locale'
import { withLangPrefix } from '@/lib/pages'
import { absoluteUrl, ogImagePath } from '@/lib/seo'

type JsonLd = Record<string, unknown>

/** A block's text inside <script>: `<` is escaped so no text in it can close the element. */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(/</g, '\\u003c')
}

const organizationId = () => absoluteUrl('/#organization')

/**
 * The firm, on every page: the prerenderer writes it into each page's <head> (src/prerender/entry-server.tsx)
 * rather than a component, so the browser never builds it (decision 0025).
 */
export function organization(locale: Locale): JsonLd {
  const company = siteConfig.company
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': organizationId(),
    name: siteConfig.name,
    legalName: company.legalName,
    url: absoluteUrl(withLangPrefix('/', locale)),
    logo: absoluteUrl('/favicon.svg'),
    email: siteConfig.email,
    telephone: company.phone,
    taxID: company.taxId,
    foundingDate: String(siteConfig.foundedYear),
    address: {
      '@type': 'PostalAddress',
      streetAddress: company.streetAddress,
      postalCode: company.postalCode,
      addressLocality: company.locality,
      addressCountry: company.country,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer service',
      email: siteConfig.email,
      telephone: company.phone,
      availableLanguage: ['es', 'en'],
      url: absoluteUrl(withLangPrefix('/contact', locale)),
    },
    sameAs: [siteConfig.sisterProduct.url],
  }
}

export function service(
  i18n: I18n,
  locale: Locale,
  content: { name: MessageDescriptor; metaDescription: MessageDescriptor },
  path: string,
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: i18n._(content.name),
    description: i18n._(content.metaDescription),
    url: absoluteUrl(withLangPrefix(path, locale)),
    serviceType: i18n._(content.name),
    provider: { '@id': organizationId() },
    areaServed: ['ES', 'Latin America'],
    availableLanguage: ['es', 'en'],
  }
}

export function faqPage(
  i18n: I18n,
  faq: readonly { question: MessageDescriptor; answer: MessageDescriptor }[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: faq.map((item) => ({
      '@type': 'Question',
      name: i18n._(item.question),
      acceptedAnswer: { '@type': 'Answer', text: i18n._(item.answer) },
    })),
  }
}

/** A linked page a case study is about (a service or a specialization). */
export interface AboutPage {
  name: MessageDescriptor
  /** Unprefixed path. */
  path: string
  type: 'Service' | 'Thing'
}

/** A case study: what the firm built for a client, about the services it involved. */
export function caseStudyArticle(
  i18n: I18n,
  locale: Locale,
  content: { title: MessageDescriptor; metaDescription: MessageDescriptor; sector: MessageDescriptor },
  path: string,
  about: readonly AboutPage[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: i18n._(content.title),
    description: i18n._(content.metaDescription),
    url: absoluteUrl(withLangPrefix(path, locale)),
    mainEntityOfPage: absoluteUrl(withLangPrefix(path, locale)),
    inLanguage: locale,
    image: absoluteUrl(ogImagePath(path, locale)),
    articleSection: i18n._(content.sector),
    author: { '@id': organizationId() },
    publisher: { '@id': organizationId() },
    about: about.map((page) => ({
      '@type': page.type,
      name: i18n._(page.name),
      url: absoluteUrl(withLangPrefix(page.path, locale)),
      ...(page.type === 'Service' ? { provider: { '@id': organizationId() } } : {}),
    })),
  }
}

/** The list of case studies: a collection page whose parts are the cases' pages. */
export function collectionPage(
  i18n: I18n,
  locale: Locale,
  content: { title: MessageDescriptor; description: MessageDescriptor },
  path: string,
  parts: readonly { name: MessageDescriptor; path: string }[],
): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'CollectionPage',
    name: i18n._(content.title),
    description: i18n._(content.description),
    url: absoluteUrl(withLangPrefix(path, locale)),
    inLanguage: locale,
    publisher: { '@id': organizationId() },
    mainEntity: {
      '@type': 'ItemList',
      itemListElement: parts.map((part, index) => ({
        '@type': 'ListItem',
        position: index + 1,
        name: i18n._(part.name),
        url: absoluteUrl(withLangPrefix(part.path, locale)),
      })),
    },
  }
}

export interface Crumb {
  name: MessageDescriptor
  /** Unprefixed path; the trail names the canonical (prefixed) pages. */
  path: string
}

export function breadcrumbList(i18n: I18n, crumbs: readonly Crumb[]): JsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: crumbs.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: i18n._(crumb.name),
      item: absoluteUrl(withLangPrefix(crumb.path, i18n.locale)),
    })),
  }
}
