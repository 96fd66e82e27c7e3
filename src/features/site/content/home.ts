// Copy for the home page. The service and specialization cards come from their own modules.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { Figure, TitledText } from './types'

export interface HomeContent {
  heroEyebrow: MessageDescriptor
  heroTitle: MessageDescriptor
  heroLead: MessageDescriptor
  heroPrimaryCta: MessageDescriptor
  heroSecondaryCta: MessageDescriptor
  servicesTitle: MessageDescriptor
  servicesLead: MessageDescriptor
  specializationsTitle: MessageDescriptor
  specializationsLead: MessageDescriptor
  howWeWorkTitle: MessageDescriptor
  howWeWorkLead: MessageDescriptor
  /** The engagement model: 4 principles, in order. */
  howWeWork: TitledText[]
  outcomesTitle: MessageDescriptor
  outcomesLead: MessageDescriptor
  /** 4 figures, modest and measured. */
  figures: Figure[]
  /** One-line footnote on how the figures were measured. */
  outcomesNote: MessageDescriptor
  ctaTitle: MessageDescriptor
  ctaText: MessageDescriptor
  ctaButton: MessageDescriptor
}

export const homeContent: HomeContent = {
  heroEyebrow: msg`Data consultancy for mid-sized companies`,
  heroTitle: msg`Data that finance, sales and operations can agree on`,
  heroLead: msg`Cauce Data helps mid-sized companies in Spain and Latin America organize their data and build reporting that people actually use. We work in fixed-price phases alongside your team, and leave you able to run everything without us.`,
  heroPrimaryCta: msg`Talk to us`,
  heroSecondaryCta: msg`See our services`,

  servicesTitle: msg`What we do`,
  servicesLead: msg`Four services that cover the path from scattered data to everyday decisions: the reports, the platform underneath, the pipelines that feed it and the rules that keep it reliable.`,
  specializationsTitle: msg`Specializations`,
  specializationsLead: msg`Two areas where we have done the same kind of work many times, and where we start from tested data models and a proven method instead of a blank page.`,

  howWeWorkTitle: msg`How we work`,
  howWeWorkLead: msg`An engagement model built so that you always know what you are paying for, and can stop after any phase.`,
  howWeWork: [
    {
      title: msg`A paid discovery first`,
      text: msg`Two to four weeks to understand your data, systems and priorities. You receive a written diagnosis and plan that is yours to keep, whether or not you continue with us.`,
    },
    {
      title: msg`Fixed-price phases`,
      text: msg`Each phase has a scope, deliverables and price agreed in advance. If the scope needs to change, we agree the change in writing before doing the work.`,
    },
    {
      title: msg`Working alongside your team`,
      text: msg`We work with your analysts, IT and business users from the first week, in your own tools and repositories, instead of building on our own and presenting the result at the end.`,
    },
    {
      title: msg`Knowledge transfer, no lock-in`,
      text: msg`Code, data models and documentation belong to you from day one. We use standard tools, train the people who will maintain the work and plan our exit from the start.`,
    },
  ],

  outcomesTitle: msg`Results in figures`,
  outcomesLead: msg`A few numbers from our work, measured on delivered projects rather than projected.`,
  figures: [
    {
      value: msg`2016`,
      label: msg`the year we started working with mid-sized companies`,
    },
    {
      value: msg`65+`,
      label: msg`projects delivered in Spain and Latin America`,
    },
    {
      value: msg`60%`,
      label: msg`less time to close the month in the finance teams we support, from 10 working days to 4`,
    },
    {
      value: msg`10 weeks`,
      label: msg`from the start of a project to the first reports in production`,
    },
  ],
  outcomesNote: msg`Project figures are medians across our engagements since 2016, not best cases.`,

  ctaTitle: msg`Is there a data problem that keeps coming back?`,
  ctaText: msg`Describe it in a few lines. A senior consultant will reply within one business day, and the first call comes with no commitment.`,
  ctaButton: msg`Get in touch`,
}
