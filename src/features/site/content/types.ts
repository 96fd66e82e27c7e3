// The shape of the public pages' copy. Every text is a Lingui descriptor (`msg`), so the words
// live in the catalogs and the build fails when a translation is missing.
import type { MessageDescriptor } from '@lingui/core'

export interface TitledText {
  title: MessageDescriptor
  text: MessageDescriptor
}

export interface FaqItem {
  question: MessageDescriptor
  answer: MessageDescriptor
}

/** What every page shows of a service or a specialization (menus, cards, its head). */
export interface OfferingCard {
  /** Short name, used in menus and headings ("Data engineering"). */
  name: MessageDescriptor
  /** One line for cards and menus (≤ 90 characters). */
  summary: MessageDescriptor
  /** <meta name="description">, 120–160 characters. */
  metaDescription: MessageDescriptor
}

/** A page's head: <title> (≤ 60 characters) and <meta name="description"> (120–160). */
export interface PageMeta {
  title: MessageDescriptor
  description: MessageDescriptor
}

/** A service or a specialization page. */
export interface OfferingContent extends OfferingCard {
  heroTitle: MessageDescriptor
  heroLead: MessageDescriptor
  /** The problem the offering solves: 2–3 paragraphs. */
  problem: MessageDescriptor[]
  /** What the client gets: 4–6 concrete deliverables. */
  deliverables: TitledText[]
  /** How the work runs: 4 steps, in order. */
  process: TitledText[]
  /** Product and technology names, not translated. */
  technologies: string[]
  /** Questions clients ask: 4–5. */
  faq: FaqItem[]
  /** The closing call to contact. */
  ctaTitle: MessageDescriptor
  ctaText: MessageDescriptor
}

export interface Figure {
  /** Already formatted for display in both languages, e.g. "40%" or "120+". */
  value: MessageDescriptor
  label: MessageDescriptor
}

/** What every page needs of a case study: its page's head (the route stubs read it). */
export interface CaseStudyHead {
  /** The case's name in cards and in <title> (≤ 60 characters). */
  title: MessageDescriptor
  /** <meta name="description">, 120–160 characters. */
  metaDescription: MessageDescriptor
}

/** A case study's card: on the list, and on the pages of the services it involved. */
export interface CaseStudyCard extends CaseStudyHead {
  /** The client's sector, in a word or two ("Retail"). */
  sector: MessageDescriptor
  /** One or two lines for the card. */
  summary: MessageDescriptor
}

/** A case study's page: the client, the problem, what was built and the results measured. */
export interface CaseStudyContent extends CaseStudyCard {
  /** Who the client is, anonymized: sector, size and region, no name. */
  client: MessageDescriptor
  heroTitle: MessageDescriptor
  heroLead: MessageDescriptor
  /** The problem the client brought: 2 paragraphs. */
  problem: MessageDescriptor[]
  /** What was built: 3–4 concrete pieces. */
  built: TitledText[]
  /** Measured results: 3–4 figures, each with what it measures. */
  results: Figure[]
  /** How the results were measured: one line. */
  resultsNote: MessageDescriptor
  /** Product and technology names, not translated. */
  technologies: string[]
}
