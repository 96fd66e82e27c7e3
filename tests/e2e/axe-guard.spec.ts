// The accessibility guard itself: a page with known violations must fail it, in both schemes,
// after a navigation too (axe is loaded once per document), so that every other scan can be trusted.
import { expect, test } from './support/fixtures'
import { expectNoAxeViolations } from './support/a11y'

test('the axe guard fails on a page with violations, and again on the next document', async ({ page }) => {
  await page.goto('/es')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expectNoAxeViolations(page, 'the home page')
  // An image without a text alternative and grey text on white: two WCAG AA failures.
  await page.evaluate(() => {
    const image = document.createElement('img')
    image.src = '/favicon.svg'
    document.querySelector('main')!.append(image)
    const faint = document.createElement('p')
    faint.textContent = 'Texto casi invisible'
    faint.style.cssText = 'color:#ddd;background:#fff'
    document.querySelector('main')!.append(faint)
  })
  const failure = await expectNoAxeViolations(page, 'the broken page').catch((error: Error) => error.message)
  expect(failure).toContain('image-alt')
  expect(failure).toContain('color-contrast')
  // A new document has no axe loaded: the guard loads it again and still catches a violation.
  await page.goto('/en')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.evaluate(() => document.querySelector('main')!.append(document.createElement('img')))
  const again = await expectNoAxeViolations(page, 'the broken page, after a navigation').catch(
    (error: Error) => error.message,
  )
  expect(again).toContain('image-alt')
})
