// The legal notice, privacy policy and cookie policy. The company's particulars come from the
// site configuration, so the three texts, the contact form's notice and the structured data
// never disagree.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '@/config/site'
import type { LegalSlug } from '@/lib/pages'
import { legalPages } from './site-index'

export interface LegalFact {
  term: MessageDescriptor
  /** Proper names, numbers and addresses are the same in both languages. */
  detail: string
}

export interface LegalSection {
  title: MessageDescriptor
  facts?: LegalFact[]
  paragraphs: MessageDescriptor[]
}

export interface LegalDocument {
  title: MessageDescriptor
  metaDescription: MessageDescriptor
  intro: MessageDescriptor
  sections: LegalSection[]
}

const company = siteConfig.company
const name = company.legalName
const email = siteConfig.email
const privacyEmail = company.privacyEmail
const months = siteConfig.enquiryRetentionMonths
const address = `${company.streetAddress}, ${company.postalCode} ${company.locality}`

const controllerFacts: LegalFact[] = [
  { term: msg`Company`, detail: name },
  { term: msg`Tax ID (NIF)`, detail: company.taxId },
  { term: msg`Registered office`, detail: address },
  { term: msg`Commercial registry`, detail: company.registry },
  { term: msg`E-mail`, detail: email },
  { term: msg`Data protection enquiries`, detail: privacyEmail },
  { term: msg`Telephone`, detail: company.phone },
]

export const legalDocuments: Record<LegalSlug, LegalDocument> = {
  notice: {
    ...legalPages.notice,
    intro: msg`In compliance with article 10 of Spanish Law 34/2002 on information society services and electronic commerce (LSSI-CE), these are the particulars of the owner of this website.`,
    sections: [
      {
        title: msg`Owner of the website`,
        facts: controllerFacts.filter((fact) => fact.detail !== privacyEmail),
        paragraphs: [],
      },
      {
        title: msg`Terms of use`,
        paragraphs: [
          msg`Anyone who browses this website accepts these terms. The site describes the services of ${name} and lets visitors contact the firm; its client portal is for the users that clients and the firm have invited.`,
          msg`Users undertake not to use the site for unlawful purposes, not to try to access areas or data they have not been given access to, and not to disrupt its operation.`,
        ],
      },
      {
        title: msg`Intellectual property`,
        paragraphs: [
          msg`The texts, graphic design, logos and code of this website belong to ${name} or are used with permission. They may not be reproduced, distributed or transformed without written authorisation, except for private viewing and quotation with attribution.`,
        ],
      },
      {
        title: msg`Liability`,
        paragraphs: [
          msg`We take care that the information on this site is accurate and up to date, but it is general information and not advice for a particular case. We are not responsible for the content of external websites linked from this one.`,
        ],
      },
      {
        title: msg`Applicable law`,
        paragraphs: [
          msg`These terms are governed by Spanish law. Disputes will be heard by the courts of Madrid, unless the law gives a consumer the right to go to the courts of their own domicile.`,
        ],
      },
    ],
  },
  privacy: {
    ...legalPages.privacy,
    intro: msg`This policy explains which personal data we process when you write to us or use the client portal, why, on what legal basis, for how long, who receives them and how you can exercise your rights under the GDPR and Spanish Organic Law 3/2018.`,
    sections: [
      { title: msg`Who is responsible for your data`, facts: controllerFacts, paragraphs: [] },
      {
        title: msg`Contact enquiries`,
        paragraphs: [
          msg`Data: the name, e-mail address, company, telephone (if you give it), topic and message you send with the contact form or by e-mail, the language of the page and when you wrote; to stop automated abuse, a one-way coded fingerprint of your internet address.`,
          msg`Purpose and legal basis: to answer you and, if you ask for it, to prepare a proposal: steps taken at your request before a possible contract (GDPR art. 6.1.b) and our legitimate interest in answering enquiries (art. 6.1.f). News about our services only if you tick the separate box (consent, art. 6.1.a), which you can withdraw at any time.`,
          msg`Retention: up to ${months} months after our last exchange, unless the enquiry becomes a project; news until you unsubscribe.`,
        ],
      },
      {
        title: msg`Client portal`,
        paragraphs: [
          msg`Data: the name, e-mail address, language, password (stored only as a one-way hash), second-factor settings, the organisation you belong to, the documents you upload and a record of the actions taken in the portal.`,
          msg`Purpose and legal basis: to give the people our clients designate access to their projects, documents, reports and tasks, and to keep that access secure: performance of the contract with your organisation (GDPR art. 6.1.b) and our legitimate interest in protecting the service (art. 6.1.f).`,
          msg`Retention: while the contract and your access last; after that, the data are blocked for as long as the law requires us to keep them (up to six years for commercial records) and then deleted.`,
        ],
      },
      {
        title: msg`E-mail notifications`,
        paragraphs: [
          msg`Portal users receive e-mails about their projects (new documents, reports, tasks and messages) and about their account (password recovery, invitations, security notices), in the language of their profile.`,
          msg`Legal basis: performance of the contract with your organisation (GDPR art. 6.1.b). Account and security e-mails cannot be turned off while the account exists; for project e-mails, write to us and we will stop them.`,
        ],
      },
      {
        title: msg`Who receives your data`,
        paragraphs: [
          msg`Only our own team and the providers that host the website, the database and our e-mail, which process data on our behalf under a data-processing agreement and within the European Economic Area. We do not sell data, we transfer them to authorities only when the law obliges us, and we make no automated decisions about you.`,
        ],
      },
      {
        title: msg`Your rights`,
        paragraphs: [
          msg`You may ask for access to your data, their rectification or erasure, object to their processing, ask for it to be restricted, receive your data in a portable format and withdraw any consent you gave, by writing to ${privacyEmail} from the address we know you by. We answer within one month.`,
          msg`If you believe we have not respected your rights, you may complain to the Spanish Data Protection Agency (Agencia Española de Protección de Datos, C/ Jorge Juan 6, 28001 Madrid, www.aepd.es).`,
        ],
      },
    ],
  },
  cookies: {
    ...legalPages.cookies,
    intro: msg`This website stores only what it needs to work as you asked. It sets no analytics, advertising or social media cookies and loads nothing from third parties, so it asks for no consent.`,
    sections: [
      {
        title: msg`Your language choice`,
        paragraphs: [
          msg`When you choose Spanish or English with the language switch, we store that choice in a first-party cookie named "lang" and in your browser's local storage, so that the next page you open, and the next visit, are in your language. It lasts one year and is renewed each time you choose. A preference the user chose is exempt from consent under the guide on cookies of the Spanish Data Protection Agency.`,
        ],
      },
      {
        title: msg`Client portal session`,
        paragraphs: [
          msg`Only if you sign in to the client portal or the admin area, your session (access tokens) is kept in your browser's local storage so that you stay signed in while you work. It is strictly necessary for the service you asked for and is deleted when you sign out.`,
        ],
      },
      {
        title: msg`How to remove them`,
        paragraphs: [
          msg`You can delete the cookie and the local storage of this site at any time in your browser's settings; the site will then show the language of your browser and ask you to sign in again.`,
        ],
      },
    ],
  },
}
