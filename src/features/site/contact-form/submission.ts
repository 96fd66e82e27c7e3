// The contact form sent without JavaScript: a plain POST to the contact page's own address. The
// server (supabase/server/static/contact-post.ts) reads the fields here, checks them with the same
// rules as the browser, inserts the same row, and renders the contact page again with the outcome
// through the prerenderer's bundle, which gives the form its state through this context.
import { createContext, useContext } from 'react'
import type { I18n } from '@lingui/core'
import {
  checkContact,
  emptyContact,
  fallbackProblems,
  fieldProblem,
  interestValues,
  type ContactField,
  type ContactValues,
} from './rules'

/** The hidden field carrying when the form was served (signed by the server). */
export const startedFieldName = 'started'

export type SubmissionFailure = 'rateLimited' | 'failed' | 'expired'

export interface ContactSubmission {
  values: ContactValues
  /** Problems to show beside the fields and in the summary, in the page's language. */
  problems: { field: ContactField; message: string }[]
  failure: SubmissionFailure | null
  /** The sender's name once the message is accepted (the confirmation shows instead of the form). */
  sentBy: string | null
}

const SubmissionContext = createContext<ContactSubmission | null>(null)
export const ContactSubmissionProvider = SubmissionContext.Provider

/** What the server answered to a POST of the form; null when the page was simply opened. */
export function useContactSubmission(): ContactSubmission | null {
  return useContext(SubmissionContext)
}

/** The form's fields from a POSTed body; anything missing or unexpected counts as empty. */
export function readContactForm(form: URLSearchParams): ContactValues {
  const text = (name: keyof ContactValues) => form.get(name) ?? ''
  const interest = text('interest')
  return {
    ...emptyContact,
    name: text('name'),
    email: text('email'),
    company: text('company'),
    phone: text('phone'),
    interest: (interestValues as readonly string[]).includes(interest) ? (interest as ContactValues['interest']) : '',
    message: text('message'),
    privacy: form.has('privacy'),
    marketing: form.has('marketing'),
    website: text('website'),
  }
}

export function contactProblems(i18n: I18n, values: ContactValues): ContactSubmission['problems'] {
  return checkContact(values).problems.map(({ field, message }) => ({ field, message: i18n._(message) }))
}

/** The message for a field the database refused although it looked fine here. */
export function refusedFieldMessage(i18n: I18n, field: ContactField, values: ContactValues): string {
  return i18n._(fieldProblem(field, values) ?? fallbackProblems[field])
}
