// Signing in by e-mail link, end to end through the development mailbox, in both languages: the
// login page's "e-mail me a sign-in link", the mail in the page's language, the confirmation
// page that a plain GET (a mail scanner) does not use up, one click to sign in, and the spent
// link refused afterwards. Also the six-digit code from the same mail. axe on both new screens.
import { allowConsoleErrors } from './support/fixtures'
import { test, expect, exactPath, paths, SignInPage } from './support/auth'
import { expectNoAxeViolations } from './support/a11y'
import { t } from './support/catalog'
import { recordRequests } from './support/requests'
import { createClientUser } from './support/users'

// The spent link is refused by the API (403), on purpose.
test.use(allowConsoleErrors(/status of 403 \(Forbidden\) @ .*\/auth\/v1\/verify/))

const subjects = { es: 'Su enlace para entrar en Cauce Data', en: 'Your link to sign in to Cauce Data' } as const

function confirmLink(text: string): string {
  const links = [...text.matchAll(/https?:\/\/\S+\/(?:es|en)\/confirm\?\S+/g)].map((match) => match[0])
  expect(links).toHaveLength(1)
  return links[0]!
}

for (const lng of ['es', 'en'] as const) {
  test(`a ${lng} client signs in with a link read from the development mailbox`, async ({
    page,
    admin,
    request,
    mailbox,
  }) => {
    const user = await createClientUser(admin, { locale: lng })
    const signIn = await SignInPage.open(page, paths.login(lng), lng)
    const sendLink = page.getByRole('button', { name: t(lng, 'E-mail me a sign-in link'), exact: true })
    await signIn.email.fill(user.email)
    await sendLink.click()
    const sent = page.getByRole('status').or(page.getByRole('alert'))
    await expect(sent.first()).toContainText(user.email)
    await expectNoAxeViolations(page, `the ${lng} login page after sending a link`)

    const mail = await mailbox.waitFor(user.email, { subject: subjects[lng] })
    expect(mail.html).toContain(`<html lang="${lng}">`)
    const link = confirmLink(mail.text)
    expect(new URL(link).pathname).toBe(`/${lng}/confirm`)

    // A mail scanner fetches the link first: that uses nothing.
    const scanned = await request.get(link)
    expect(scanned.status()).toBe(200)

    await page.goto(link)
    const heading = page.getByRole('heading', { level: 1, name: t(lng, 'Sign in with your link') })
    await expect(heading).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', lng)
    await expectNoAxeViolations(page, `the ${lng} link confirmation page`)
    await page.getByRole('button', { name: t(lng, 'Sign in'), exact: true }).click()
    await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))

    // The link is spent: opened again (signed out), it is refused in words. The session is dropped
    // on a public page first: the dashboard's own reads may still be under way, and without a
    // session they would be refused (and logged) as an anonymous visitor's.
    await page.goto(`/${lng}/legal/notice`)
    // A public page with a stored session loads the auth module, which reads the session and the
    // profile: cleared in the middle, supabase-js would ask for the profile as an anonymous visitor.
    await page.waitForLoadState('networkidle')
    await page.context().clearCookies()
    await page.evaluate(() => localStorage.clear())
    await page.goto(link)
    await page.getByRole('button', { name: t(lng, 'Sign in'), exact: true }).click()
    await expect(page.getByRole('alert')).toHaveText(t(lng, 'This link has expired or has already been used.'))
  })
}

test('the code from the same e-mail signs in on another device', async ({ page, admin, mailbox }) => {
  const lng = 'en'
  const user = await createClientUser(admin, { locale: lng })
  const signIn = await SignInPage.open(page, paths.login(lng), lng)
  await signIn.email.fill(user.email)
  await page.getByRole('button', { name: t(lng, 'E-mail me a sign-in link'), exact: true }).click()
  const mail = await mailbox.waitFor(user.email, { subject: subjects[lng] })
  const code = /\b(\d{6})\b/.exec(mail.text)![1]!
  await page.getByLabel(t(lng, 'Or enter the 6-digit code from the e-mail'), { exact: true }).fill(code)
  await page.getByRole('button', { name: t(lng, 'Sign in with the code'), exact: true }).click()
  await expect(page).toHaveURL(exactPath(paths.dashboard(lng)))
  expect(await mailbox.to(user.email)).toHaveLength(1)
})

const repeatMessage =
  'A link for {email} was asked for less than a minute ago, so no new one has been sent. Use the link or the code in that e-mail, or ask for a new one from {nextTime}.'

/** The rendered message as a pattern, the time of day (given as U+0000) as any hh:mm:ss (AM/PM in English). */
function withTimeOfDay(text: string): RegExp {
  const escaped = text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return new RegExp(`^${escaped.replace('\u0000', '\\d{2}:\\d{2}:\\d{2}(?: [AP]M)?')}$`)
}

for (const lng of ['es', 'en'] as const) {
  test(`a second link asked for within the minute is not claimed as sent, and the page says when to ask again (${lng})`, async ({
    page,
    admin,
    mailbox,
  }) => {
    const user = await createClientUser(admin, { locale: lng })
    const otpRequests = recordRequests(page, '/auth/v1/otp')
    const signIn = await SignInPage.open(page, paths.login(lng), lng)
    const sendLink = page.getByRole('button', { name: t(lng, 'E-mail me a sign-in link'), exact: true })
    await signIn.email.fill(user.email)
    await sendLink.click()
    const sent = page.getByRole('status')
    await expect(sent).toContainText(user.email)
    // The first answer already says when another link can be asked for (a time of day).
    await expect(sent).toContainText(/\d{2}:\d{2}:\d{2}/)

    await page.getByRole('button', { name: t(lng, 'Use my password instead'), exact: true }).click()
    await signIn.email.fill(user.email)
    await sendLink.click()
    await expect(sent).toHaveText(withTimeOfDay(t(lng, repeatMessage, { email: user.email, nextTime: '\u0000' })))
    await expect(sent).toBeFocused()
    await expectNoAxeViolations(page, `the ${lng} login page after a repeat within the minute`)
    expect(otpRequests).toHaveLength(1)
    await mailbox.waitFor(user.email, { subject: subjects[lng] })
    expect(await mailbox.to(user.email)).toHaveLength(1)
  })
}
