// The `test` every spec imports. It fails any test whose pages log a console error or throw an
// uncaught exception, unless the test declares the errors it provokes on purpose:
//   test.use(allowConsoleErrors(/status of 404/))
// Patterns see `text @ url`, the url being where the message comes from (for a failed load, the
// resource's URL).
import { test as base, expect, type ConsoleMessage } from '@playwright/test'

function described(message: ConsoleMessage): string {
  return `${message.text()} @ ${message.location().url}`
}

export interface GuardFixtures {
  /** Console errors a test provokes on purpose, matched against `message text @ source url`. */
  expectedConsoleErrors: RegExp[]
  consoleGuard: void
}

export const test = base.extend<GuardFixtures>({
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
