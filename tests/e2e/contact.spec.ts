// The contact form, as visitors use it: a message sent in each language is stored (read back with
// the service role) and e-mailed to the staff, and the visitor sees what happens next; an empty or
// over-long form gets a message beside each field and a summary, keeps the input and sends
// nothing; the honeypot and the time trap turn bots away quietly; refusals from the server (rate
// limit, a constraint, no network) become translated messages. The page loads no supabase-js
// until the visitor sends. Every real message here counts towards the per-address limit (5 an
// hour, and all these tests share one address), so only the two happy paths really send.
import { readFileSync } from 'node:fs'
import type { Page, Request } from '@playwright/test'
import { test, expect, allowConsoleErrors } from './support/fixtures'
import { expectNoAxeViolations } from './support/a11y'
import { catalog, messageId, t } from './support/catalog'
import { inbox, waitForMail, type CaughtMail } from './support/mail'
import { hostedSiteDist, mainBaseURL, siteDist } from './support/servers'
import { contactAcknowledgementMail } from '../../supabase/functions/_shared/mail/contact-acknowledgement'
import { Site } from './support/site'
import { demoUsers, serviceClient } from './support/users'
import { SignInPage } from './support/auth'
import { withLangPrefix } from '../../src/lib/pages'
import { contactForm, fillValid, visitor } from './support/contact'
import { siteConfig } from '../../src/config/site'
import type { Locale } from '../../src/lib/locale'

const locales: Locale[] = ['es', 'en']
const staff = ['admin@caucedata.com', 'superadmin@caucedata.com']
/** The form's time trap (contact-form.tsx): a person takes longer than this to fill it in. */
/** The build the page came from (the hosted stack serves its own). */
const distDir = () =>
  new URL(`../../${test.info().project.name === 'hosted' ? hostedSiteDist : siteDist}/`, import.meta.url)

/** A plural message from the compiled catalog, e.g. the summary's "There are # problems". */
function plural(lng: Locale, source: string, count: number): string {
  const [part] = catalog(lng)[messageId(source)] as [[string, 'plural', Record<string, (string | unknown[])[]>]]
  const forms = part[2]
  const form = forms[count === 1 ? 'one' : 'other']!
  return form.map((piece) => (piece === '#' ? String(count) : String(piece))).join('')
}
const summarySource =
  '{problemCount, plural, one {There is # problem with the form} other {There are # problems with the form}}'

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** Requests that would store a message. */
function watchInserts(page: Page): Request[] {
  const sent: Request[] = []
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/contact_messages')) sent.push(request)
  })
  return sent
}

/** The requests for supabase-js the page makes: the form loads it only to send (send.ts). */
function watchSupabaseLoads(page: Page): string[] {
  const loads: string[] = []
  page.on('request', (request) => {
    const { pathname } = new URL(request.url())
    if (pathname.endsWith('.js') && readFileSync(new URL(`.${pathname}`, distDir()), 'utf8').includes('GoTrueClient'))
      loads.push(pathname)
  })
  return loads
}

/**
 * A request the page makes now, seen by the test: the page's requests are seen in the order it
 * makes them, so once this one is, any the page had started before it has been seen too.
 */
async function sentinelRequest(page: Page): Promise<void> {
  const marker = `sentinel=${Date.now()}`
  await Promise.all([
    page.waitForRequest((request) => request.url().includes(marker)),
    page.evaluate(
      (query) =>
        fetch(`/robots.txt?${query}`).then(
          () => undefined,
          () => undefined,
        ),
      marker,
    ),
  ])
}

/** The JS files the page has fetched, each with whether it is supabase-js itself. */
function watchScripts(page: Page): Map<string, boolean> {
  const scripts = new Map<string, boolean>()
  page.on('response', (response) => {
    const { pathname } = new URL(response.url())
    if (!pathname.endsWith('.js')) return
    const source = readFileSync(new URL(`.${pathname}`, distDir()), 'utf8')
    scripts.set(pathname, source.includes('GoTrueClient'))
  })
  return scripts
}

async function openContact(page: Page, lng: Locale) {
  const { site } = await Site.open(page, withLangPrefix('/contact', lng), lng)
  await expect(contactForm(page, lng).submit).toBeVisible()
  return { site }
}

async function staffMailAbout(request: Parameters<typeof inbox>[0], to: string, needle: string) {
  let found: CaughtMail[] = []
  await expect
    .poll(
      async () => {
        found = (await inbox(request, mainBaseURL)).filter((mail) => mail.to.includes(to) && mail.text.includes(needle))
        return found.length
      },
      { message: `the staff e-mail to ${to}`, timeout: 20_000 },
    )
    .toBe(1)
  return found[0]!
}

for (const lng of locales) {
  test.describe(`contact form (${lng})`, () => {
    test.use({ locale: lng === 'es' ? 'es-ES' : 'en-GB' })

    test('a visitor sends a message: stored, staff told in the app and by e-mail, the visitor told what next', async ({
      page,
      request,
      apiURL,
    }) => {
      const inserts = watchInserts(page)
      await openContact(page, lng)

      const who = visitor(lng)
      const form = await fillValid(page, lng, who)
      await expect(form.marketing).not.toBeChecked()
      await form.marketing.check()
      await form.submit.click()

      const confirmation = page.getByRole('heading', {
        name: t(lng, 'Thank you, {sentBy}. Your message has been sent.', { sentBy: who.name }),
      })
      await expect(confirmation).toBeFocused()
      await expect(page.getByRole('main')).toContainText(
        t(
          lng,
          'A consultant will read it and reply within one business day from <0>{email}</0>, usually with a few questions and some options for a 30-minute call.',
          { email: siteConfig.email },
        ),
      )
      await expect(page.getByRole('link', { name: t(lng, 'Back to the home page') })).toHaveAttribute(
        'href',
        withLangPrefix('/', lng),
      )
      await expect(form.form).toHaveCount(0)
      expect(inserts).toHaveLength(1)

      // The lead, as staff will find it (read with the service role).
      const admin = serviceClient(apiURL)
      const { data: rows, error } = await admin
        .from('contact_messages')
        .select(
          'id, name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, status, locale, sender_fingerprint',
        )
        .eq('email', who.email)
      expect(error).toBeNull()
      expect(rows).toHaveLength(1)
      const lead = rows![0]!
      expect(lead).toMatchObject({
        name: who.name,
        company: who.company,
        phone: who.phone,
        interest: who.interest,
        message: who.message,
        privacy_accepted: true,
        marketing_opt_in: true,
        status: 'new',
        locale: lng,
      })
      expect(lead.sender_fingerprint).toMatch(/^[0-9a-f]{64}$/)

      // One in-app notification per staff member, none twice, none to anyone else (other specs may
      // invite staff on this server meanwhile), and one e-mail each to the seeded staff.
      const { data: notifications } = await admin
        .from('notifications')
        .select('recipient_id')
        .eq('entity_id', lead.id)
        .eq('kind', 'contact_message')
      const recipients = notifications!.map((n) => n.recipient_id as string)
      expect(new Set(recipients).size).toBe(recipients.length)
      const { data: people } = await admin.from('profiles').select('email, role').in('id', recipients)
      expect(people!.every((person) => person.role === 'admin' || person.role === 'super_admin')).toBe(true)
      expect(people!.map((person) => person.email)).toEqual(expect.arrayContaining(staff))
      let leadLink = ''
      for (const to of staff) {
        const mail = await staffMailAbout(request, to, who.email)
        expect(mail.text).toContain(who.name)
        leadLink = mail.text.match(/https?:\/\/\S+\/(es|en)\/admin\/dashboard\/leads\/[0-9a-f-]{36}/)![0]
      }

      // The visitor is told by e-mail that the message arrived, in the language of the page.
      const acknowledgement = await waitForMail(request, apiURL, who.email, {
        subject: contactAcknowledgementMail(lng).subject,
      })
      expect(acknowledgement.html).toContain(`<html lang="${lng}">`)

      // Staff follow the e-mail's link: the admin sign-in first, then the lead itself.
      const leadPath = new URL(leadLink).pathname
      const staffLng = leadPath.split('/')[1] as Locale
      await page.goto(leadPath)
      const signIn = new SignInPage(page, staffLng, 'staff')
      await expect(signIn.heading).toBeVisible()
      await signIn.fill(demoUsers.admin.email, demoUsers.admin.password)
      await expect(page).toHaveURL(new RegExp(`${leadPath}$`))
      await expect(page.getByRole('heading', { level: 1 })).toContainText(who.name)
      await expect(page.getByText(who.message)).toBeVisible()
    })

    test('an empty form gets a message beside each required field and a summary that takes the focus; nothing is sent', async ({
      page,
    }) => {
      const inserts = watchInserts(page)
      await openContact(page, lng)
      const form = contactForm(page, lng)
      const title = await page.title()
      await form.submit.click()

      const expected: [keyof ReturnType<typeof contactForm>, string][] = [
        ['name', 'Enter your name.'],
        ['email', 'Enter your e-mail address.'],
        ['company', 'Enter the name of your company or organization.'],
        ['interest', 'Choose what your enquiry is about, or Other.'],
        ['message', 'Write your message.'],
        ['privacy', 'Confirm that you have read the data protection information.'],
      ]
      await expect(form.summary).toBeFocused()
      await expect(form.summary.getByRole('heading')).toHaveText(plural(lng, summarySource, expected.length))
      const links = form.summary.getByRole('link')
      await expect(links).toHaveText(expected.map(([, source]) => t(lng, source)))
      for (const [field, source] of expected) {
        const control = form[field] as ReturnType<typeof contactForm>['name']
        await expect(control, field).toHaveAttribute('aria-invalid', 'true')
        // The error first, then the field's hint, if it has one.
        await expect(control, field).toHaveAccessibleDescription(new RegExp(`^${escapeRegExp(t(lng, source))}`))
      }
      await expect(form.phone).not.toHaveAttribute('aria-invalid', 'true')
      expect(await page.title()).toBe(t(lng, 'Error: {original}', { original: title }))

      // Each summary entry leads to its field.
      await links.nth(3).click()
      await expect(form.interest).toBeFocused()
      await links.nth(0).click()
      await expect(form.name).toBeFocused()

      await expectNoAxeViolations(page, `/${lng}/contact with every error shown`)
      await page.getByText(t(lng, 'Read more about how we use your data')).click()
      await expectNoAxeViolations(page, `/${lng}/contact with the privacy details open`)
      expect(inserts).toHaveLength(0)
    })

    test('too-long and malformed input is refused beside each field, and what was typed stays', async ({ page }) => {
      const inserts = watchInserts(page)
      await openContact(page, lng)
      const who = visitor(lng)
      const form = await fillValid(page, lng, who)
      const long = {
        name: 'N'.repeat(121),
        company: 'C'.repeat(161),
        phone: '600 123 456 ext. 7',
        message: 'm'.repeat(5001),
      }
      await form.name.fill(long.name)
      await form.email.fill('marta@example')
      await form.company.fill(long.company)
      await form.phone.fill(long.phone)
      await form.message.fill(long.message)
      await form.submit.click()

      const expected = [
        t(lng, 'A name has at most 120 characters.'),
        t(lng, 'Enter an e-mail address like name@company.com.'),
        t(lng, 'A company name has at most 160 characters.'),
        t(lng, 'A phone number may contain only digits, spaces, plus signs, brackets and hyphens.'),
        t(lng, 'A message has at most 5,000 characters; please shorten yours.'),
      ]
      await expect(form.summary).toBeFocused()
      await expect(form.summary.getByRole('link')).toHaveText(expected)
      await expect(form.name).toHaveAccessibleDescription(expected[0]!)
      await expect(form.message).toHaveAccessibleDescription(
        `${expected[4]} ${t(lng, 'What you would like to change, which systems and data are involved, and your timeline. Up to 5,000 characters.')}`,
      )
      await expect(form.name).toHaveValue(long.name)
      await expect(form.company).toHaveValue(long.company)
      await expect(form.phone).toHaveValue(long.phone)
      await expect(form.message).toHaveValue(long.message)
      await expect(form.interest).toHaveValue(who.interest)
      await expect(form.privacy).toBeChecked()

      // Fixing a field clears its message as the visitor types.
      await form.name.fill(who.name)
      await expect(form.name).not.toHaveAttribute('aria-invalid', 'true')
      expect(inserts).toHaveLength(0)
    })
  })
}

test.describe('bots', () => {
  test.use({ locale: 'en-GB' })

  test('a filled honeypot gets the confirmation and nothing is sent', async ({ page }) => {
    const inserts = watchInserts(page)
    const supabaseLoads = watchSupabaseLoads(page)
    await openContact(page, 'en')
    const form = contactForm(page, 'en')
    await fillValid(page, 'en', visitor('en'))
    // Out of sight and out of the tab order, and hidden from assistive technology.
    await expect(form.honeypot).toHaveAttribute('tabindex', '-1')
    await expect(form.honeypot).toHaveAttribute('autocomplete', 'off')
    await expect(page.locator('[aria-hidden="true"]').filter({ has: form.honeypot })).toHaveCount(1)
    await expect(form.honeypot).not.toBeInViewport()
    await form.honeypot.fill('https://spam.example')
    await form.submit.click()
    await expect(page.getByRole('heading', { name: /^Thank you/ })).toBeFocused()
    // An insert would need supabase-js first, and a send asks for it on Send, before any thanks:
    // once a request made after the thanks is seen, such a one would have been seen before it.
    await sentinelRequest(page)
    expect(supabaseLoads).toEqual([])
    expect(inserts).toHaveLength(0)
  })

  test('a form sent within a second of appearing is delivered like any other: a person is never thanked for a lost message', async ({
    page,
    request,
  }) => {
    // Time stands still for the page: the submit comes at once, as after the browser's autofill.
    await page.clock.setFixedTime(new Date())
    const inserts = watchInserts(page)
    await openContact(page, 'en')
    const who = visitor('en')
    const form = await fillValid(page, 'en', who)
    await form.submit.click()
    await expect(
      page.getByRole('heading', {
        name: t('en', 'Thank you, {sentBy}. Your message has been sent.', { sentBy: who.name }),
      }),
    ).toBeFocused()
    expect(inserts).toHaveLength(1)
    // And it reached the staff.
    const mail = await staffMailAbout(request, 'superadmin@caucedata.com', who.email)
    expect(mail.text).toContain(who.name)
  })
})

test.describe("the server's refusals", () => {
  test.use({ locale: 'es-ES' })

  /** Answers the insert as the REST API would, without spending the address's real budget. */
  async function answerInsert(page: Page, status: number, body: Record<string, unknown>) {
    await page.route('**/rest/v1/contact_messages**', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    )
  }

  test.describe('rate limit', () => {
    test.use(allowConsoleErrors(/status of 429/))
    test('too many messages from one address: a form-level message, input kept', async ({ page }) => {
      await openContact(page, 'es')
      await answerInsert(page, 429, {
        code: 'PT429',
        message: 'Too many contact messages from this address. Try again later.',
        details: 'At most 5 messages per hour are accepted from one address.',
        hint: 'contact_messages_rate_limit',
      })
      const who = visitor('es')
      const form = await fillValid(page, 'es', who)
      await form.submit.click()
      await expect(form.summary).toBeFocused()
      await expect(form.summary).toHaveText(
        t(
          'es',
          'We have received several messages from your connection in the last hour, so we cannot accept another one now. Please try again later, or write to us at <0>{email}</0>.',
          { email: siteConfig.email },
        ),
      )
      await expect(form.message).toHaveValue(who.message)
      await expect(form.email).toHaveValue(who.email)
    })
  })

  test.describe('constraint', () => {
    test.use(allowConsoleErrors(/status of 400/))
    test("a constraint the database names becomes that field's message", async ({ page }) => {
      await openContact(page, 'es')
      await answerInsert(page, 400, {
        code: '23514',
        message: 'new row for relation "contact_messages" violates check constraint "contact_messages_email_format"',
        details: null,
        hint: null,
      })
      const form = await fillValid(page, 'es', visitor('es'))
      await form.submit.click()
      await expect(form.summary).toBeFocused()
      await expect(form.summary.getByRole('link')).toHaveText([
        t('es', 'Enter an e-mail address like name@company.com.'),
      ])
      await expect(form.email).toHaveAttribute('aria-invalid', 'true')
    })
  })

  test.describe('network', () => {
    test.use(allowConsoleErrors(/ERR_FAILED|Failed to fetch|net::/))
    test('no connection: a form-level message, input kept', async ({ page }) => {
      await openContact(page, 'es')
      await page.route('**/rest/v1/contact_messages**', (route) => route.abort('failed'))
      const who = visitor('es')
      const form = await fillValid(page, 'es', who)
      await form.submit.click()
      await expect(form.summary).toBeFocused()
      await expect(form.summary).toContainText(
        t(
          'es',
          'Your message could not be sent. Check your connection and try again; what you wrote is still here. You can also write to us at <0>{email}</0>.',
          { email: siteConfig.email },
        ),
      )
      await expect(form.message).toHaveValue(who.message)
    })
  })
})

test('the first load of /contact carries no supabase-js', async ({ page }) => {
  // The contact form imports src/lib/supabase.ts only on submit (send.ts).
  const scripts = watchScripts(page)
  await Site.open(page, '/contact', 'es')
  await page.waitForLoadState('networkidle')
  expect(scripts.size).toBeGreaterThan(0)
  expect([...scripts.entries()].filter(([, isSupabase]) => isSupabase)).toEqual([])
})

for (const lng of locales) {
  test(`on a phone the form follows the page's introduction without an empty band (${lng})`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 })
    await openContact(page, lng)
    const intro = page.getByRole('main').locator('section').first().locator('p').last()
    const heading = page.getByRole('heading', { level: 2, name: t(lng, 'Send us a message') })
    const gap = (await heading.boundingBox())!.y - (await intro.boundingBox().then((box) => box!.y + box!.height))
    // the introduction's last line, then the form's title: about one line of space, not a band
    expect(gap).toBeGreaterThan(0)
    expect(gap).toBeLessThanOrEqual(56)
    // and the form's title is on the first screen
    expect((await heading.boundingBox())!.y + 30).toBeLessThan(800)
  })
}
