// The contact form's locators and a valid visitor, shared by the contact specs (with and
// without JavaScript).
import { randomUUID } from 'node:crypto'
import type { Page } from '@playwright/test'
import { siteConfig } from '../../../src/config/site'
import type { Locale } from '../../../src/lib/locale'
import { t } from './catalog'

/** Locators of the form, by role and accessible name in the page's language. */
export function contactForm(page: Page, lng: Locale) {
  const form = page.getByRole('form', { name: t(lng, 'Send us a message') })
  return {
    form,
    name: form.getByRole('textbox', { name: t(lng, 'Name'), exact: true }),
    email: form.getByRole('textbox', { name: t(lng, 'E-mail'), exact: true }),
    company: form.getByRole('textbox', { name: t(lng, 'Company or organization'), exact: true }),
    phone: form.getByRole('textbox', { name: t(lng, 'Phone (optional)'), exact: true }),
    interest: form.getByRole('combobox', { name: t(lng, 'What is your enquiry about?') }),
    message: form.getByRole('textbox', { name: t(lng, 'Message'), exact: true }),
    privacy: form.getByRole('checkbox', {
      name: t(lng, 'I have read the <0>basic information on data protection</0>.'),
    }),
    marketing: form.getByRole('checkbox', {
      name: t(lng, "Send me occasional news about {firm}'s services and events.", { firm: siteConfig.name }),
    }),
    honeypot: page.locator('#contact-website'),
    submit: form.getByRole('button', { name: t(lng, 'Send message') }),
    summary: form.getByRole('alert'),
  }
}

export interface Visitor {
  name: string
  email: string
  company: string
  phone: string
  interest: string
  message: string
}

export function visitor(lng: Locale): Visitor {
  const tag = randomUUID().slice(0, 8)
  return {
    name: lng === 'es' ? `Marta Ibáñez ${tag}` : `Oliver Grant ${tag}`,
    email: `contact-${tag}@example.org`,
    company: lng === 'es' ? 'Frutas del Ebro' : 'Harbour Foods',
    phone: '+34 (600) 000-111',
    interest: 'governance',
    message:
      lng === 'es'
        ? `Necesitamos un catálogo de datos y responsables por dominio. Referencia ${tag}.`
        : `We need a data catalogue and owners for each domain. Reference ${tag}.`,
  }
}

export async function fillValid(page: Page, lng: Locale, who: Visitor) {
  const form = contactForm(page, lng)
  await form.name.fill(who.name)
  await form.email.fill(who.email)
  await form.company.fill(who.company)
  await form.phone.fill(who.phone)
  await form.interest.selectOption(who.interest)
  await form.message.fill(who.message)
  await form.privacy.check()
  return form
}
