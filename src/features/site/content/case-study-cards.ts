// The case studies' cards (the list's, and those on the pages of the services and specializations
// they involved) and which services and specializations each case involved: the case's page links
// to them, and their pages link back to the case (decision 0041). Apart from the cases' bodies
// (case-studies.ts), so a service page loads only this.
import { msg } from '@lingui/core/macro'
import { caseStudySlugs, type CaseStudySlug, type ServiceSlug, type SpecializationSlug } from '@/lib/pages'
import type { CaseStudyCard } from './types'
import { caseStudyHeads } from './site-index'

export const caseStudyCards: Record<CaseStudySlug, CaseStudyCard> = {
  'regional-retail-chain': {
    ...caseStudyHeads['regional-retail-chain'],
    sector: msg`Retail`,
    summary: msg`A regional retail chain replaced a two-day weekly sales report with one shared model, and put its loyalty data to work.`,
  },
  'industrial-manufacturer': {
    ...caseStudyHeads['industrial-manufacturer'],
    sector: msg`Manufacturing`,
    summary: msg`An industrial manufacturer with plants in Spain and Mexico closes its month in four days and forecasts its cash every week.`,
  },
  'private-clinic-network': {
    ...caseStudyHeads['private-clinic-network'],
    sector: msg`Healthcare`,
    summary: msg`A network of private clinics gave its patient data owners, quality rules and access it can account for in an audit.`,
  },
}

export interface CaseStudyLinks {
  services: ServiceSlug[]
  specializations: SpecializationSlug[]
}

/** The services and specializations each case involved, in the order the case's page lists them. */
export const caseStudyLinks: Record<CaseStudySlug, CaseStudyLinks> = {
  'regional-retail-chain': {
    services: ['business-intelligence', 'data-engineering'],
    specializations: ['customer-intelligence'],
  },
  'industrial-manufacturer': {
    services: ['data-architecture', 'data-engineering'],
    specializations: ['financial-intelligence'],
  },
  'private-clinic-network': {
    services: ['governance', 'data-architecture'],
    specializations: [],
  },
}

/** The cases that involved a service or a specialization, for its page's "Case studies" block. */
export function caseStudiesAbout(
  kind: 'service' | 'specialization',
  slug: ServiceSlug | SpecializationSlug,
): CaseStudySlug[] {
  return caseStudySlugs.filter((caseStudy) => {
    const links = caseStudyLinks[caseStudy]
    return kind === 'service'
      ? (links.services as string[]).includes(slug)
      : (links.specializations as string[]).includes(slug)
  })
}
