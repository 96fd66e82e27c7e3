// The contact form sent without JavaScript: a plain POST to the contact page's own address. The
// same checks as in the browser (the app's rules, through the SSR bundle), the same honeypot and
// fill time, the same insert as the anonymous caller supabase-js would be (so the same row-level
// security, constraints and per-address rate limit), and an answer page rendered by the app's own
// components: the confirmation, or the form again with the input kept and the problems shown.
import type { Context } from 'hono'
import { localeFromPath } from '../../../src/lib/locale'
import type { contactRow } from '../../../src/prerender/entry-server'
import type { SsrBundle } from './ssr-bundle'
import { formTokenAge, issueFormToken } from './form-token'

export type ContactRow = ReturnType<typeof contactRow>

/** Why the database refused a message: PostgreSQL's error code and text, as PostgREST relays them. */
export interface ContactRefusal {
  code: string
  message: string
  status: number
}

/**
 * Stores a message as the anonymous caller: undefined when stored, the refusal otherwise. The
 * full server inserts in its own database, the web tier through the project's REST API.
 */
export type SubmitContact = (row: ContactRow, c: Context) => Promise<ContactRefusal | undefined>

export interface ContactPostOptions {
  submit: SubmitContact
  bundle: SsrBundle
  secret: string
  /** The visitor's language for an unprefixed address (as for the page itself). */
  locale: (c: Context) => 'es' | 'en'
  /** The absolute-URL placeholder of the build replaced by this server's origin. */
  withOrigin: (c: Context, html: string) => string
}

/** Puts a freshly signed "started" token into the contact form of a page. */
export function withFormToken(html: string, secret: string): string {
  return html.replace('name="started" value=""', `name="started" value="${issueFormToken(secret)}"`)
}

export function contactPost(options: ContactPostOptions) {
  return async (c: Context) => {
    if (!(c.req.header('content-type') ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded')) {
      return c.text('Formulario no válido. · Invalid form submission.', 415)
    }
    const form = new URLSearchParams(await c.req.text())
    const locale = localeFromPath(c.req.path) ?? options.locale(c)
    return options.bundle.use(async (ssr, template) => {
      const { values, problems, refused } = await ssr.checkContactForm(form, locale)
      const answer = async (contact: Parameters<typeof ssr.renderDocument>[0]['contact'], status: number) => {
        const { html } = await ssr.renderDocument({ template, url: c.req.path, locale, mode: 'static', contact })
        c.header('Cache-Control', 'no-store')
        return c.html(withFormToken(options.withOrigin(c, html), options.secret), status as 200)
      }
      const confirmation = () => answer({ values, problems: [], failure: null, sentBy: values.name.trim() }, 200)
      // Bots fill the hidden field, which people never see: they get the confirmation, nothing is
      // sent. A fast sender is not dropped (a person must never be thanked for a lost message).
      if (values.website.trim() !== '') return confirmation()
      if (problems.length > 0) return answer({ values, problems, failure: null, sentBy: null }, 422)
      const age = formTokenAge(options.secret, form.get(ssr.startedFieldName))
      if (age === undefined) return answer({ values, problems: [], failure: 'expired', sentBy: null }, 400)

      const refusal = await options.submit(ssr.contactRow(values, locale), c)
      if (refusal) {
        const outcome = ssr.classifyContactFailure(refusal, refusal.status)
        if (outcome.kind === 'rateLimited')
          return answer({ values, problems: [], failure: 'rateLimited', sentBy: null }, 429)
        if (outcome.kind === 'invalid') {
          return answer({ values, problems: [refused(outcome.field)], failure: null, sentBy: null }, 422)
        }
        return answer({ values, problems: [], failure: 'failed', sentBy: null }, 503)
      }
      return confirmation()
    })
  }
}
