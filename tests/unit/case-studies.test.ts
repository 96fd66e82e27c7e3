// The case studies' copy is complete (decision 0041): every case has its card and its page in both
// languages, within the lengths a page's head and the list's cards allow, and the links between
// cases and the services and specializations they involved go both ways.
import { readFileSync } from 'node:fs'
import { setupI18n, type MessageDescriptor, type Messages } from '@lingui/core'
import { describe, expect, it } from 'vitest'
import {
  caseStudySlugs,
  isServiceSlug,
  isSpecializationSlug,
  serviceSlugs,
  specializationSlugs,
} from '../../src/lib/pages'
import { caseStudies, caseStudiesPage } from '../../src/features/site/content/case-studies'
import { caseStudiesAbout, caseStudyCards, caseStudyLinks } from '../../src/features/site/content/case-study-cards'
import { caseStudiesMeta, caseStudyHeads } from '../../src/features/site/content/site-index'

const catalog = (lng: 'es' | 'en') =>
  (JSON.parse(readFileSync(`locales/${lng}/messages.json`, 'utf8')) as { messages: Messages }).messages
const i18n = {
  es: setupI18n({ locale: 'es', messages: { es: catalog('es') } }),
  en: setupI18n({ locale: 'en', messages: { en: catalog('en') } }),
}

/** Every text of a case's page and card. */
function texts(slug: (typeof caseStudySlugs)[number]): MessageDescriptor[] {
  const content = caseStudies[slug]
  return [
    content.title,
    content.sector,
    content.summary,
    content.metaDescription,
    content.client,
    content.heroTitle,
    content.heroLead,
    ...content.problem,
    ...content.built.flatMap((item) => [item.title, item.text]),
    ...content.results.map((figure) => figure.label),
    content.resultsNote,
  ]
}

describe('case studies: the copy', () => {
  it.each(caseStudySlugs)('%s is written in both languages, Spanish in its own words', (slug) => {
    for (const descriptor of [...texts(slug), ...caseStudies[slug].results.map((figure) => figure.value)]) {
      expect(catalog('es')[descriptor.id], descriptor.message).toBeDefined()
      expect(i18n.es._(descriptor).trim(), descriptor.message).not.toBe('')
    }
    for (const descriptor of texts(slug)) {
      expect(i18n.es._(descriptor), descriptor.message).not.toBe(i18n.en._(descriptor))
    }
  })

  it.each(caseStudySlugs)('%s has the shape of a case: client, problem, what was built, measured results', (slug) => {
    const content = caseStudies[slug]
    expect(content).toMatchObject(caseStudyCards[slug])
    expect(content.problem).toHaveLength(2)
    expect(content.built.length).toBeGreaterThanOrEqual(3)
    expect(content.built.length).toBeLessThanOrEqual(4)
    expect(content.results.length).toBeGreaterThanOrEqual(3)
    expect(content.results.length).toBeLessThanOrEqual(4)
    expect(content.technologies.length).toBeGreaterThan(0)
  })

  it('fits each head: titles of at most 60 characters, descriptions of 120 to 160, in both languages', () => {
    const heads = [
      { title: caseStudiesMeta.title, description: caseStudiesMeta.description },
      ...caseStudySlugs.map((slug) => ({
        title: caseStudyHeads[slug].title,
        description: caseStudyHeads[slug].metaDescription,
      })),
    ]
    for (const lng of ['es', 'en'] as const) {
      for (const head of heads) {
        const title = i18n[lng]._(head.title)
        const description = i18n[lng]._(head.description)
        expect(title.length, `${lng}: ${title}`).toBeLessThanOrEqual(60)
        expect(description.length, `${lng}: ${description}`).toBeGreaterThanOrEqual(120)
        expect(description.length, `${lng}: ${description}`).toBeLessThanOrEqual(160)
      }
    }
  })

  it('has the list page’s own texts in both languages', () => {
    for (const descriptor of Object.values(caseStudiesPage)) {
      expect(i18n.es._(descriptor), descriptor.message).not.toBe(i18n.en._(descriptor))
    }
  })
})

describe('case studies: links to services and specializations', () => {
  it.each(caseStudySlugs)('%s names at least one service, and only pages that exist', (slug) => {
    const links = caseStudyLinks[slug]
    expect(links.services.length).toBeGreaterThan(0)
    for (const service of links.services) expect(isServiceSlug(service), service).toBe(true)
    for (const specialization of links.specializations) {
      expect(isSpecializationSlug(specialization), specialization).toBe(true)
    }
    expect(new Set(links.services).size).toBe(links.services.length)
  })

  it('links back from every service and specialization a case names, and from nowhere else', () => {
    for (const service of serviceSlugs) {
      const expected = caseStudySlugs.filter((slug) => caseStudyLinks[slug].services.includes(service))
      expect(caseStudiesAbout('service', service), service).toEqual(expected)
    }
    for (const specialization of specializationSlugs) {
      const expected = caseStudySlugs.filter((slug) => caseStudyLinks[slug].specializations.includes(specialization))
      expect(caseStudiesAbout('specialization', specialization), specialization).toEqual(expected)
    }
  })

  it('gives every service and specialization at least one case study', () => {
    for (const service of serviceSlugs) expect(caseStudiesAbout('service', service), service).not.toEqual([])
    for (const specialization of specializationSlugs) {
      expect(caseStudiesAbout('specialization', specialization), specialization).not.toEqual([])
    }
  })
})
