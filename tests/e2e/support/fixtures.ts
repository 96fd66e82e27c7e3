// The `test` every spec imports. It fails any test whose pages log a console error or throw an
// uncaught exception, unless the test declares the errors it provokes on purpose:
//   test.use(allowConsoleErrors(/status of 404/))
// Patterns see `text @ url`, the url being where the message comes from (for a failed load, the
// resource's URL).
import { test as base, expect, type ConsoleMessage, type Page, type Response } from '@playwright/test'

function described(message: ConsoleMessage): string {
  return `${message.text()} @ ${message.location().url}`
}

/**
 * Public pages arrive as HTML and come alive when React has hydrated them (<html data-hydrated>).
 * A person who clicks earlier gets the no-JavaScript form of a control (tested on its own);
 * the tests act on the live page, so navigation waits for hydration too.
 */
async function waitForApp(page: Page, response: Response | null): Promise<void> {
  if (!response || !(response.headers()['content-type'] ?? '').includes('text/html')) return
  // Pages that fail on purpose (a missing catalog) never hydrate: give up quietly after a while.
  await page
    .locator('html[data-hydrated]')
    .waitFor({ state: 'attached', timeout: 15_000 })
    .catch(() => undefined)
}

export interface ProjectOptions {
  /**
   * The Supabase project's URL when it is not the site's origin (the hosted stack's project):
   * supabase-js clients, the service-role client and the mail inbox go there.
   */
  projectURL: string | undefined
}

export interface GuardFixtures {
  /** Where the APIs answer: the project's URL, or the site's origin when one server serves both. */
  apiURL: string
  /** Console errors a test provokes on purpose, matched against `message text @ source url`. */
  expectedConsoleErrors: RegExp[]
  consoleGuard: void
}

export const test = base.extend<GuardFixtures, ProjectOptions>({
  projectURL: [undefined, { option: true, scope: 'worker' }],
  apiURL: async ({ projectURL, baseURL }, use) => {
    await use(projectURL ?? baseURL!)
  },
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page)
      const reload = page.reload.bind(page)
      page.goto = async (url, options) => {
        const response = await goto(url, options)
        await waitForApp(page, response)
        return response
      }
      page.reload = async (options) => {
        const response = await reload(options)
        await waitForApp(page, response)
        return response
      }
    }
    await use(page)
  },
  expectedConsoleErrors: [[], { option: true }],
  consoleGuard: [
    async ({ context, expectedConsoleErrors }, use) => {
      const problems: string[] = []
      // On the context, so pages a test opens itself (popups, second tabs) are covered too.
      context.on('console', (message) => {
        if (message.type() !== 'error') return
        const text = message.text()
        const full = described(message)
        if (expectedConsoleErrors.some((pattern) => pattern.test(full))) return
        problems.push(`console.error on ${message.page()?.url() ?? '?'}: ${text}`)
      })
      context.on('weberror', (error) => {
        problems.push(`uncaught error on ${error.page()?.url() ?? '?'}: ${error.error().message}`)
      })
      await use()
      expect(problems, 'the page logged errors').toEqual([])
    },
    { auto: true },
  ],
})

export { expect }

/**
 * `test.use(allowConsoleErrors(/…/, /…/))`: console errors matching these are expected. (An array
 * given to test.use directly would be read as a [value, options] pair, hence the helper.)
 */
export function allowConsoleErrors(...patterns: RegExp[]): { expectedConsoleErrors: [RegExp[], { scope: 'test' }] } {
  return { expectedConsoleErrors: [patterns, { scope: 'test' }] }
}
