import { expect, test } from '@playwright/test'

test('home renders in Spanish under /es', async ({ page }) => {
  await page.goto('/es')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('lang', 'es')
})
