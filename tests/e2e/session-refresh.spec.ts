// The session outlives its access token without the user noticing. Against the second server,
// whose tokens live 150 s (playwright.config.ts), a client moves between portal pages past the
// point where the token is refreshed: at half its life (75 s) by the auth machine's timer, or
// earlier when supabase-js meets a token within its 90 s margin on a request (docs/decisions/0008).
// Exactly one refresh happens, every data request succeeds, and neither the guard's spinner nor
// the login page ever replaces the portal.
import type { Page } from '@playwright/test'
import { test, expect, signInThroughForm, storedSession, type PortalPage } from './support/auth'
import { t } from './support/catalog'
import { refreshBaseURL, shortTokenSeconds } from './support/servers'
import { demoUsers } from './support/users'

test.use({ baseURL: refreshBaseURL, locale: 'en-GB' })

const lng = 'en'
const halfLifeMs = (shortTokenSeconds / 2) * 1000
/** supabase-js refreshes on a request once the token has less than this left. */
const supabaseMarginMs = 90_000

/** Runs in the page: remembers the portal's nav element and notes if it ever leaves or the login shows. */
function watchPortalFrame({ portalLabel, loginTitle }: { portalLabel: string; loginTitle: string }) {
  const events: string[] = ((window as unknown as { __frameEvents: string[] }).__frameEvents = [])
  const nav = document.querySelector(`nav[aria-label="${portalLabel}"]`)
  if (!nav) events.push('no portal nav at start')
  new MutationObserver(() => {
    if (nav && !nav.isConnected) events.push(`portal nav removed on ${location.pathname}`)
    if (document.querySelector('h1')?.textContent === loginTitle) events.push(`login page on ${location.pathname}`)
  }).observe(document.body, { childList: true, subtree: true })
}

/** The portal pages a person moves between, in turn, each checked by its heading. */
function pageCycle(page: Page, portal: PortalPage) {
  const project = page
    .getByRole('region', { name: t(lng, 'Your projects') })
    .getByRole('link')
    .first()
  const steps: (() => Promise<void>)[] = [
    async () => {
      await portal.notificationsLink.click()
      await expect(portal.h1).toHaveText(t(lng, 'Notifications'))
    },
    async () => {
      await portal.accountLink.click()
      await expect(portal.h1).toHaveText(t(lng, 'Your account'))
    },
    async () => {
      await portal.overviewLink.click()
      await expect(portal.h1).toHaveText(t(lng, 'Overview'))
    },
    async () => {
      const name = await project.innerText()
      await project.click()
      await expect(portal.h1).toHaveText(name)
    },
  ]
  let next = 0
  return async () => {
    await steps[next++ % steps.length]!()
    await expect(portal.nav).toBeVisible()
  }
}

/**
 * Signs in, then opens the next portal page at each of `schedule`'s moments (ms after sign-in),
 * watching the refresh requests, every data request and the portal's frame throughout.
 */
async function workThroughRefresh(page: Page, schedule: number[]) {
  const refreshes: { at: number; status?: number }[] = []
  const responses: { url: string; status: number; at: number }[] = []
  const problems: string[] = []
  // Through the form: the machine's refresh timer starts when the page receives the session.
  const portal = await signInThroughForm(page, demoUsers.james, lng)
  const stored = () =>
    storedSession(page).then(
      (json) => JSON.parse(json!) as { access_token: string; expires_in: number; expires_at: number },
    )
  const firstSession = await stored()
  // Times count from when the token was issued, not from when the portal finished drawing: on a
  // loaded machine that can be seconds later, while the machine's timer runs from the token's expiry.
  const signedInAt = (firstSession.expires_at - firstSession.expires_in) * 1000

  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes('/auth/v1/token?grant_type=refresh_token'))
      refreshes.push({ at: Date.now() - signedInAt })
  })
  page.on('response', (response) => {
    const url = response.url()
    if (url.includes('grant_type=refresh_token')) refreshes.at(-1)!.status = response.status()
    if (url.includes('/rest/v1/') || url.includes('/auth/v1/'))
      responses.push({ url, status: response.status(), at: Date.now() - signedInAt })
  })
  page.on('requestfailed', (request) => {
    const error = request.failure()?.errorText
    // supabase-js never reads the (empty) body of a HEAD count request; Chromium reports those as aborted.
    if (request.method() === 'HEAD' && error === 'net::ERR_ABORTED') return
    problems.push(`${request.method()} ${request.url()} failed: ${error}`)
  })
  // Moving between portal pages never loads a document again (that would be a redirect or a crash).
  page.on('domcontentloaded', () => problems.push(`a document loaded: ${page.url()}`))
  await page.evaluate(watchPortalFrame, {
    portalLabel: t(lng, 'Client portal'),
    loginTitle: t(lng, 'Sign in to the client portal'),
  })

  const openNext = pageCycle(page, portal)
  for (const moment of schedule) {
    // The one place these tests wait on the clock: the user works at a person's pace.
    const wait = signedInAt + moment - Date.now()
    if (wait > 0) await page.waitForTimeout(wait)
    await openNext()
  }

  const frameEvents = await page.evaluate(() => [
    ...new Set((window as unknown as { __frameEvents: string[] }).__frameEvents),
  ])
  return { firstSession, lastSession: await stored(), refreshes, responses, problems, frameEvents }
}

async function expectUnnoticed(run: Awaited<ReturnType<typeof workThroughRefresh>>) {
  expect(run.firstSession.expires_in).toBe(shortTokenSeconds)
  expect(run.refreshes, 'POST /auth/v1/token?grant_type=refresh_token').toHaveLength(1)
  const [refresh] = run.refreshes
  expect(refresh!.status).toBe(200)
  test.info().annotations.push({ type: 'refreshed after', description: `${(refresh!.at / 1000).toFixed(1)} s` })
  expect(run.lastSession.access_token, 'the stored session holds the new token').not.toBe(run.firstSession.access_token)
  expect(run.frameEvents, 'the portal frame stayed on screen').toEqual([])
  expect(run.problems).toEqual([])
  expect(run.responses.filter((response) => response.status >= 400)).toEqual([])
  const afterRefresh = run.responses.filter(
    (response) => response.url.includes('/rest/v1/') && response.at > refresh!.at,
  )
  expect(afterRefresh.length, 'data requests made with the new token').toBeGreaterThan(0)
  return refresh!.at
}

test('a client moving between pages every 10 s keeps the session past the refresh, with no flicker', async ({
  page,
}) => {
  test.slow()
  test.setTimeout(3 * 60_000) // the work alone takes ~105 s

  const every10s = Array.from({ length: 11 }, (_, index) => index * 10_000)
  const run = await workThroughRefresh(page, every10s)

  const refreshedAt = await expectUnnoticed(run)
  // Whichever comes first: supabase-js on a request within its margin, or the machine's timer.
  expect(refreshedAt).toBeGreaterThanOrEqual(shortTokenSeconds * 1000 - supabaseMarginMs - 1_000)
  expect(refreshedAt).toBeLessThanOrEqual(halfLifeMs + 5_000)
})

test('the auth machine refreshes at half the token life while the page sits idle', async ({ page }) => {
  test.slow()
  test.setTimeout(3 * 60_000) // ~100 s

  // Work for 50 s, read one page for 40 s (no request meets the token near its margin), then work again.
  const run = await workThroughRefresh(page, [0, 10_000, 20_000, 30_000, 40_000, 50_000, 90_000, 95_000, 100_000])

  const refreshedAt = await expectUnnoticed(run)
  // The machine's own timer (refreshDelay in machines/auth.machine.ts), not a request, did it.
  expect(refreshedAt).toBeGreaterThanOrEqual(halfLifeMs - 2_000)
  expect(refreshedAt).toBeLessThanOrEqual(halfLifeMs + 5_000)
})
