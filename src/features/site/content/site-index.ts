// What every public page needs of the copy, whichever page it is: the names and one-line
// summaries of the services and specializations (the menus, the home page's cards, the contact
// form's topics) and each page's title and description (its head). The pages' bodies live in
// their own modules and load with their page, so the first load of any page stays small.
import { msg } from '@lingui/core/macro'
import type { CaseStudySlug, LegalSlug, ServiceSlug, SpecializationSlug } from '@/lib/pages'
import type { CaseStudyHead, OfferingCard, PageMeta } from './types'

export const serviceCards: Record<ServiceSlug, OfferingCard> = {
  'business-intelligence': {
    name: msg`Business intelligence`,
    summary: msg`Reports and KPIs your leadership team can trust, built on one shared semantic model.`,
    metaDescription: msg`Business intelligence for mid-sized companies: certified KPIs, a shared semantic model and Power BI dashboards that finance and operations trust.`,
  },
  'data-architecture': {
    name: msg`Data architecture`,
    summary: msg`A data platform sized for your company: clear layers, predictable costs, room to grow.`,
    metaDescription: msg`Data architecture consulting: cloud data platforms on Azure, AWS or Google Cloud, sized for mid-sized companies, with predictable costs and clear ownership.`,
  },
  'data-engineering': {
    name: msg`Data engineering`,
    summary: msg`Tested data pipelines that run every night and tell you when something fails.`,
    metaDescription: msg`Data engineering for mid-sized companies: tested, monitored pipelines built with dbt, Airflow and Fivetran that load ERP, CRM and e-commerce data on time.`,
  },
  governance: {
    name: msg`Data governance`,
    summary: msg`Clear owners, shared definitions, quality rules and GDPR-compliant access to your data.`,
    metaDescription: msg`Practical data governance for mid-sized companies: data owners, a catalog, quality rules, lineage and GDPR-compliant access policies that teams actually use.`,
  },
}

export const specializationCards: Record<SpecializationSlug, OfferingCard> = {
  'financial-intelligence': {
    name: msg`Financial intelligence`,
    summary: msg`Month-end reporting, cash forecasting and profitability built on your ERP data`,
    metaDescription: msg`Financial intelligence for mid-sized companies: faster month-end close, cash-flow forecasting, budget vs actual and profitability built on your ERP data.`,
  },
  'customer-intelligence': {
    name: msg`Customer intelligence`,
    summary: msg`A single customer view, with segments, churn risk and lifetime value your teams can use`,
    metaDescription: msg`Customer intelligence for mid-sized companies: single customer view, segmentation, churn and propensity models, lifetime value and GDPR-compliant data use.`,
  },
}

export const caseStudiesMeta: PageMeta = {
  title: msg`Case studies: data projects and what they changed`,
  description: msg`How mid-sized companies in retail, manufacturing and healthcare work with Cauce Data: the problem, what we built and the results they measured.`,
}

/** The case studies' heads; their cards add a sector and a summary (case-study-cards.ts). */
export const caseStudyHeads: Record<CaseStudySlug, CaseStudyHead> = {
  'regional-retail-chain': {
    title: msg`Retail: one version of sales across 64 stores`,
    metaDescription: msg`Case study: a regional retail chain with 64 stores unified sales, stock and loyalty data in one model and stopped spending two days a week on its sales report.`,
  },
  'industrial-manufacturer': {
    title: msg`Manufacturing: month-end close from nine days to four`,
    metaDescription: msg`Case study: a manufacturer with plants in Spain and Mexico put its finance data on one platform, closes the month in four days and forecasts cash weekly.`,
  },
  'private-clinic-network': {
    title: msg`Healthcare: patient data with owners and audited access`,
    metaDescription: msg`Case study: a network of 22 private clinics set up data owners, a catalog, quality rules and audited access to patient data spread over four systems.`,
  },
}

export const homeMeta: PageMeta = {
  title: msg`Data consultancy: BI, data architecture and engineering`,
  description: msg`Cauce Data helps mid-sized companies in Spain and Latin America with business intelligence, data architecture, data engineering and governance since 2016.`,
}

export const contactMeta: PageMeta = {
  title: msg`Contact us`,
  description: msg`Tell us about your data project. We reply within one business day and offer a 30-minute call with a senior consultant, with no sales pitch.`,
}

/** The legal pages' titles (also their headings) and descriptions. */
export const legalPages: Record<LegalSlug, { title: PageMeta['title']; metaDescription: PageMeta['description'] }> = {
  notice: {
    title: msg`Legal notice`,
    metaDescription: msg`Who runs this website: company name, tax ID, registry data, address and contact, and the terms of use of the site.`,
  },
  privacy: {
    title: msg`Privacy policy`,
    metaDescription: msg`How we use the personal data of visitors who write to us and of client portal users: purposes, legal bases, retention, recipients and your rights.`,
  },
  cookies: {
    title: msg`Cookie policy`,
    metaDescription: msg`What this website stores in your browser: your language choice and, if you sign in to the client portal, your session. No analytics or advertising cookies.`,
  },
}
