// Page objects for the auth screens (sign-in, forgot password, reset password), the signed-in
// header's user menu and the client portal's frame, plus the fixtures signed-in tests share:
// `admin`, a service-role client for the server under test. Locators go by role and accessible
// name, in the language the page is expected to be in.
import type { Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { withLangPrefix } from '../../../src/lib/pages'
import { authStorageKey, developmentAnonKey } from '../../../src/config/supabase'
import type { Locale } from '../../../src/lib/locale'
import { test as base, expect, type ProjectOptions } from './fixtures'
import { t } from './catalog'
import { createClientUser, serviceClient, type Account } from './users'
import { mailboxOf, verifyLink, type Mailbox } from './mail'
import { recoveryMail } from '../../../supabase/functions/_shared/mail/recovery'

export { expect }

/** The subject the server's own template gives the password-reset e-mail in `lng`. */
export function recoverySubject(lng: Locale): string {
  return recoveryMail(lng, { email: 'someone@example.com', link: 'https://example.invalid' }).subject
}

export const test = base.extend<{ admin: SupabaseClient; mailbox: Mailbox }>({
  admin: async ({ apiURL }, use) => {
    await use(serviceClient(apiURL))
  },
  /** The development inbox of the project under test. */
  mailbox: async ({ request, apiURL }, use) => {
    await use(mailboxOf(request, apiURL))
  },
})

/** `undefined` is the unprefixed form (/client-portal/login), whose language the browser decides. */
export type Prefix = Locale | undefined

export const paths = {
  login: (prefix: Prefix) => withLangPrefix('/client-portal/login', prefix),
  forgot: (prefix: Prefix) => withLangPrefix('/client-portal/forgot-password', prefix),
  adminForgot: (prefix: Prefix) => withLangPrefix('/admin/forgot-password', prefix),
  dashboard: (prefix: Prefix) => withLangPrefix('/client-portal/dashboard', prefix),
  notifications: (prefix: Prefix) => withLangPrefix('/client-portal/dashboard/notifications', prefix),
  account: (prefix: Prefix) => withLangPrefix('/client-portal/dashboard/account', prefix),
  project: (prefix: Prefix, id: string) => withLangPrefix(`/client-portal/dashboard/projects/${id}`, prefix),
  adminLogin: (prefix: Prefix) => withLangPrefix('/admin/login', prefix),
  adminDashboard: (prefix: Prefix) => withLangPrefix('/admin/dashboard', prefix),
  reset: (prefix: Prefix) => withLangPrefix('/reset-password', prefix),
  home: (prefix: Prefix) => withLangPrefix('/', prefix),
  /** Where "Sign out" lands: the area's sign-in page, saying the session ended. */
  signedOut: (prefix: Prefix, audience: 'client' | 'staff' = 'client') =>
    `${withLangPrefix(audience === 'client' ? '/client-portal/login' : '/admin/login', prefix)}?notice=signed-out`,
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A URL path (with query) matcher for toHaveURL that ignores the origin. */
export function exactPath(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${escape(path)}$`)
}

/** The same, with any fragment (the reset page's `#…` from the e-mail link). */
export function pathWithAnyHash(path: string): RegExp {
  return new RegExp(`^https?://[^/]+${escape(path)}(?:#.*)?$`)
}

export class SignInPage {
  readonly heading: Locator
  readonly email: Locator
  readonly password: Locator
  readonly submit: Locator
  readonly alert: Locator
  readonly code: Locator
  readonly verify: Locator
  readonly forgotLink: Locator

  constructor(
    readonly page: Page,
    readonly lng: Locale,
    readonly audience: 'client' | 'staff' = 'client',
  ) {
    const title = audience === 'client' ? 'Sign in to the client portal' : 'Staff sign-in'
    this.heading = page.getByRole('heading', { level: 1, name: t(lng, title) })
    this.email = page.getByLabel(t(lng, 'E-mail'), { exact: true })
    this.password = page.getByLabel(t(lng, 'Password'), { exact: true })
    this.submit = page.getByRole('button', { name: t(lng, 'Sign in'), exact: true })
    this.alert = page.getByRole('alert')
    this.code = page.getByLabel(t(lng, 'Verification code'), { exact: true })
    this.verify = page.getByRole('button', { name: t(lng, 'Verify'), exact: true })
    this.forgotLink = page.getByRole('link', { name: t(lng, 'Forgot your password?'), exact: true })
  }

  static async open(page: Page, url: string, lng: Locale, audience: 'client' | 'staff' = 'client') {
    await page.goto(url)
    const signIn = new SignInPage(page, lng, audience)
    await expect(signIn.heading).toBeVisible()
    return signIn
  }

  async fill(email: string, password: string) {
    await this.email.fill(email)
    await this.password.fill(password)
    await this.submit.click()
  }
}

/** The running test's project URL, when its APIs are not on the site's origin (the hosted stack). */
function projectURL(): string | undefined {
  return (test.info().project.use as Partial<ProjectOptions>).projectURL
}

/**
 * Starts `page` signed in as `account` without the sign-in form: a session from Auth's password
 * grant, asked for by the page itself and stored where supabase-js keeps it, as the form leaves it.
 * The form has tests of its own (auth.spec.ts and the others that open SignInPage); every other
 * test is spared its page load and typing. The page is left on a static file of the same origin.
 */
export async function startSession(page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> {
  await page.goto('/favicon.svg')
  const problem = await page.evaluate(
    async ({ key, anonKey, email, password, api }) => {
      const response = await fetch(`${api}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      })
      if (!response.ok) return `${response.status} ${await response.text()}`
      const { weak_password: _weak, ...session } = await response.json()
      window.localStorage.setItem(key, JSON.stringify(session))
      return null
    },
    {
      key: authStorageKey,
      anonKey: developmentAnonKey,
      email: account.email,
      password: account.password,
      api: projectURL() ?? '',
    },
  )
  if (problem) throw new Error(`signing ${account.email} in: ${problem}`)
}

/**
 * Starts `account` signed in and opens the portal's dashboard in `prefix`'s language. Returns the
 * portal page object.
 */
export async function signIn(page: Page, account: Account, prefix: Prefix = account.locale): Promise<PortalPage> {
  const lng = prefix ?? 'es'
  await startSession(page, account)
  await page.goto(paths.dashboard(prefix))
  const portal = new PortalPage(page, lng)
  await expect(portal.nav).toBeVisible()
  return portal
}

/**
 * Signs `account` in through the portal's sign-in form in `prefix`'s language and waits for the
 * dashboard, for tests that time what follows the moment the page received its session.
 */
export async function signInThroughForm(
  page: Page,
  account: Account,
  prefix: Prefix = account.locale,
): Promise<PortalPage> {
  const lng = prefix ?? 'es'
  const signInPage = await SignInPage.open(page, paths.login(prefix), lng)
  await signInPage.fill(account.email, account.password)
  await expect(page).toHaveURL(exactPath(paths.dashboard(prefix)))
  const portal = new PortalPage(page, lng)
  await expect(portal.nav).toBeVisible()
  return portal
}

const timeSlot = '\u0000time\u0000'
/** A message with a clock time in it ("07:05:09", "7:05:09 AM"), matched exactly otherwise. */
function wordedWithTime(message: string): RegExp {
  const [before, after] = message.split(timeSlot).map((part) => part!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
  return new RegExp(`^${before}\\d{1,2}:\\d{2}:\\d{2}(\\s?[AP]M)?${after}$`)
}

export class ForgotPasswordPage {
  readonly heading: Locator
  readonly email: Locator
  readonly submit: Locator
  readonly confirmation: Locator
  readonly again: Locator

  constructor(
    readonly page: Page,
    readonly lng: Locale,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lng, 'Forgot your password?') })
    this.email = page.getByLabel(t(lng, 'E-mail'), { exact: true })
    this.submit = page.getByRole('button', { name: t(lng, 'Send the link'), exact: true })
    this.again = page.getByRole('button', { name: t(lng, 'Ask for another link'), exact: true })
    this.confirmation = page.getByRole('status')
  }

  /** The confirmation text for an address, as the page words it (any time for the next link). */
  confirmationFor(address: string): RegExp {
    return wordedWithTime(
      t(
        this.lng,
        'If an account exists for {sentTo}, we have sent it a link to choose a new password. The link works once and expires in one hour. Check your spam folder if it does not arrive in a few minutes. One link is sent per minute: if you need a new one, ask for it from {nextTime}.',
        { sentTo: address, nextTime: timeSlot },
      ),
    )
  }

  /** What a second request within the minute says instead: nothing was sent, and from when. */
  repeatFor(address: string): RegExp {
    return wordedWithTime(
      t(
        this.lng,
        'A link for {sentTo} was asked for less than a minute ago, so no new one has been sent. Use the link in that e-mail, or ask for a new one from {nextTime}.',
        { sentTo: address, nextTime: timeSlot },
      ),
    )
  }
}

export class ResetPasswordPage {
  readonly heading: Locator
  readonly newPassword: Locator
  readonly repeat: Locator
  readonly save: Locator
  readonly rules: Locator
  readonly alert: Locator
  readonly newLinkLink: Locator

  constructor(
    readonly page: Page,
    readonly lng: Locale,
  ) {
    this.heading = page.getByRole('heading', { level: 1, name: t(lng, 'Choose your password') })
    this.newPassword = page.getByLabel(t(lng, 'New password'), { exact: true })
    this.repeat = page.getByLabel(t(lng, 'Repeat the new password'), { exact: true })
    this.save = page.getByRole('button', { name: t(lng, 'Save my password'), exact: true })
    this.rules = page.getByRole('list').filter({ hasText: t(lng, 'Both entries match') })
    this.alert = page.getByRole('alert')
    this.newLinkLink = page.getByRole('link', { name: t(lng, 'Send me a new link'), exact: true })
  }

  rule(source: string, values?: Record<string, string | number>): Locator {
    return this.rules.getByRole('listitem').filter({ hasText: t(this.lng, source, values) })
  }
}

/**
 * A new client's reset page, opened from the link of the e-mail asked for on the forgot-password
 * page in `lng` (its form shown). Returns the link, now used.
 */
export async function openResetLink(page: Page, admin: SupabaseClient, mailbox: Mailbox, lng: Locale): Promise<string> {
  const user = await createClientUser(admin, { locale: lng })
  await page.goto(paths.forgot(lng))
  const forgot = new ForgotPasswordPage(page, lng)
  await forgot.email.fill(user.email)
  await forgot.submit.click()
  await expect(forgot.confirmation).toBeVisible()
  const link = verifyLink(await mailbox.waitFor(user.email, { subject: recoverySubject(lng) }))
  await page.goto(link)
  await expect(new ResetPasswordPage(page, lng).newPassword).toBeVisible()
  return link
}

/** The portal frame: its section nav and the organization line. */
export class PortalPage {
  readonly nav: Locator
  readonly overviewLink: Locator
  readonly notificationsLink: Locator
  readonly accountLink: Locator
  readonly main: Locator
  readonly h1: Locator

  constructor(
    readonly page: Page,
    readonly lng: Locale,
  ) {
    this.nav = page.getByRole('navigation', { name: t(lng, 'Client portal'), exact: true })
    this.overviewLink = this.nav.getByRole('link', { name: t(lng, 'Overview'), exact: true })
    this.notificationsLink = this.nav.getByRole('link', { name: new RegExp(`^${t(lng, 'Notifications')}`) })
    this.accountLink = this.nav.getByRole('link', { name: t(lng, 'Account'), exact: true })
    this.main = page.getByRole('main')
    this.h1 = page.getByRole('heading', { level: 1 })
  }
}

/** The signed-in header's menu button, named by the user's name. */
export class UserMenu {
  readonly trigger: Locator

  constructor(
    readonly page: Page,
    readonly lng: Locale,
    readonly name: string,
  ) {
    this.trigger = page.getByRole('banner').getByRole('button', { name, exact: true })
  }

  menu(): Locator {
    return this.page.getByRole('menu', { name: t(this.lng, 'Account menu for {name}', { name: this.name }) })
  }

  item(source: string): Locator {
    return this.menu().getByRole('menuitem', { name: t(this.lng, source), exact: true })
  }
}

/**
 * After "Sign out": the area's sign-in page in `lng`, saying (in its live region) that the
 * session ended, with no session left in the browser.
 */
export async function expectSignedOut(page: Page, lng: Locale, audience: 'client' | 'staff' = 'client') {
  await expect(page).toHaveURL(exactPath(paths.signedOut(lng, audience)))
  await expect(new SignInPage(page, lng, audience).heading).toBeVisible()
  await expect(page.getByRole('status')).toHaveText(
    t(lng, 'You have signed out: your session on this device has ended.'),
  )
  expect(await storedSession(page)).toBeNull()
}

/** The stored supabase-js session, as the header reads it (src/lib/auth/stored-session.ts). */
export async function storedSession(page: Page): Promise<string | null> {
  return page.evaluate((key) => window.localStorage.getItem(key), authStorageKey)
}

/** The guard's spinner, with its text in `lng`. */
export function guardSpinner(page: Page, lng: Locale, audience: 'client' | 'staff'): Locator {
  const text = t(lng, audience === 'staff' ? 'Verifying permissions...' : 'Loading...')
  return page.getByRole('status').filter({ hasText: text })
}
