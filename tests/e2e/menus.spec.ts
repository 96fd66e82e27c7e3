// The header dropdowns on desktop (menu button pattern, machines/menu.machine.ts):
// hover with intent delay, click, keyboard, closing rules, one menu at a time, aria-current.
import type { Locator } from '@playwright/test'
import { test, expect } from './support/fixtures'
import { t } from './support/catalog'
import { findPage } from './support/pages'
import { Site, type DropdownMenu } from './support/site'
import { HOVER_INTENT_MS } from '../../machines/menu.machine'
import { serviceSlugs } from '../../src/lib/pages'

test.use({ locale: 'es-ES', viewport: { width: 1280, height: 800 } })

async function expectOpen(menu: DropdownMenu) {
  await expect(menu.trigger).toHaveAttribute('aria-expanded', 'true')
  await expect(await menu.menu()).toBeVisible()
}

async function expectClosed(menu: DropdownMenu) {
  await expect(menu.trigger).toHaveAttribute('aria-expanded', 'false')
  await expect(await menu.menu()).toBeHidden()
}

async function item(menu: DropdownMenu, index: number): Promise<Locator> {
  return (await menu.items()).nth(index)
}

/** A point on the page heading's right end: plain text, clear of the header and its dropdowns. */
async function pointAwayFromMenus(site: Site): Promise<{ x: number; y: number }> {
  const box = await site.h1.boundingBox()
  if (!box) throw new Error('the heading is not rendered')
  return { x: box.x + box.width - 4, y: box.y + box.height / 2 }
}

test('hovering over Services opens it after a short delay; moving away closes it', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  const { services } = site
  await expectClosed(services)
  // Measured in the page: from the pointer entering the trigger to aria-expanded turning true.
  await services.trigger.evaluate((button) => {
    const win = window as unknown as { openDelay: Promise<number> }
    win.openDelay = new Promise((resolve) => {
      let enteredAt = Number.NaN
      button.addEventListener('pointerenter', () => (enteredAt = performance.now()), { once: true })
      new MutationObserver((_, observer) => {
        if (button.getAttribute('aria-expanded') !== 'true') return
        observer.disconnect()
        resolve(performance.now() - enteredAt)
      }).observe(button, { attributes: true, attributeFilter: ['aria-expanded'] })
    })
  })

  await services.trigger.hover()

  await expectOpen(services)
  const delay = await page.evaluate(() => (window as unknown as { openDelay: Promise<number> }).openDelay)
  expect(delay).toBeGreaterThanOrEqual(HOVER_INTENT_MS * 0.9)
  expect(delay).toBeLessThan(1000)

  const away = await pointAwayFromMenus(site)
  await page.mouse.move(away.x, away.y)
  await expectClosed(services)
})

test('clicking the trigger toggles the menu', async ({ page }) => {
  const { site } = await Site.open(page, '/en/contact', 'en')
  await site.services.trigger.click()
  await expectOpen(site.services)
  await expect(await site.services.items()).toHaveText(
    serviceSlugs.map((slug) => new RegExp(`^${t('en', findPage(`/services/${slug}`).title)}`)),
  )
  await site.services.trigger.click()
  await expectClosed(site.services)
})

for (const key of ['Enter', 'Space', 'ArrowDown'] as const) {
  test(`${key} on the focused trigger opens the menu and focuses the first item`, async ({ page }) => {
    const { site } = await Site.open(page, '/es/contact', 'es')
    await site.services.trigger.focus()
    await page.keyboard.press(key === 'Space' ? ' ' : key)
    await expectOpen(site.services)
    await expect(await item(site.services, 0)).toBeFocused()
    // Still open once the key is released (no second toggle from a synthetic click).
    await page.keyboard.press('ArrowDown')
    await expect(await item(site.services, 1)).toBeFocused()
    await expectOpen(site.services)
  })
}

test('ArrowDown/ArrowUp cycle through the items with wrap-around; Home and End jump', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  const { services } = site
  const count = await (await services.items()).count()
  expect(count).toBe(serviceSlugs.length)
  await services.trigger.focus()
  await page.keyboard.press('ArrowDown')
  await expect(await item(services, 0)).toBeFocused()

  for (let index = 1; index < count; index++) {
    await page.keyboard.press('ArrowDown')
    await expect(await item(services, index)).toBeFocused()
  }
  await page.keyboard.press('ArrowDown') // past the last item
  await expect(await item(services, 0)).toBeFocused()
  await page.keyboard.press('ArrowUp') // before the first item
  await expect(await item(services, count - 1)).toBeFocused()
  await page.keyboard.press('ArrowUp')
  await expect(await item(services, count - 2)).toBeFocused()
  await page.keyboard.press('Home')
  await expect(await item(services, 0)).toBeFocused()
  await page.keyboard.press('End')
  await expect(await item(services, count - 1)).toBeFocused()
  await expectOpen(services)
})

test('keys pressed while the menu is still loading its machine land where they would have', async ({ page }) => {
  // The menus load xstate and their machines on first use (src/lib/lazy-actor.ts): hold them back.
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/(xstate|menu-actor)-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  // The home page: the contact page's form needs xstate to hydrate.
  const { site } = await Site.open(page, '/es', 'es')
  await site.specializations.trigger.focus()
  await page.keyboard.press('ArrowDown') // opens, focus on the first item…
  await page.keyboard.press('ArrowDown') // …then the second
  await expectClosed(site.specializations)
  release()
  await expectOpen(site.specializations)
  await expect(await item(site.specializations, 1)).toBeFocused()
})

test('a click on a menu still loading its machine opens it once loaded', async ({ page }) => {
  let release = () => undefined as void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/assets\/(xstate|menu-actor)-[^/]+\.js$/, async (route) => {
    await held
    await route.continue()
  })
  const { site } = await Site.open(page, '/en', 'en')
  await site.services.trigger.click()
  await expectClosed(site.services)
  release()
  await expectOpen(site.services)
})

test('Escape closes the menu and returns focus to the trigger', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  await site.specializations.trigger.focus()
  await page.keyboard.press('ArrowDown')
  // Keys pressed while the machine loads have their own test (above); this one is about Escape.
  await expectOpen(site.specializations)
  await page.keyboard.press('ArrowDown')
  await expect(await item(site.specializations, 1)).toBeFocused()
  await page.keyboard.press('Escape')
  await expectClosed(site.specializations)
  await expect(site.specializations.trigger).toBeFocused()
})

test('clicking an item navigates and closes every menu', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  const target = findPage('/services/data-engineering')
  await site.services.trigger.click()
  await (await site.services.item(t('es', target.title))).click()
  await expect(page).toHaveURL('/es/services/data-engineering')
  await expect(site.h1).toHaveText(t('es', target.h1))
  await expect(site.main).toBeFocused() // reading starts at the new content (site-layout.tsx)
  await expectClosed(site.services)
  await expectClosed(site.specializations)
  await expect(page.getByRole('menu')).toHaveCount(0)
})

test('Enter on an item navigates and closes the menu', async ({ page }) => {
  const { site } = await Site.open(page, '/en', 'en')
  const target = findPage('/specializations/customer-intelligence')
  await site.specializations.trigger.focus()
  await page.keyboard.press('ArrowDown')
  // the first press opens the menu on its first item; the second moves on only once it is there
  await expect(page.getByRole('menu').getByRole('menuitem').first()).toBeFocused()
  await page.keyboard.press('ArrowDown')
  await expect(await site.specializations.item(t('en', target.title))).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL('/en/specializations/customer-intelligence')
  await expect(site.h1).toHaveText(t('en', target.h1))
  await expectClosed(site.specializations)
})

test('Tab out of an open menu closes it and moves on', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  await site.services.trigger.focus()
  await page.keyboard.press('ArrowDown')
  await expect(await item(site.services, 0)).toBeFocused()
  await page.keyboard.press('Tab')
  await expectClosed(site.services)
  await expect(site.specializations.trigger).toBeFocused()
})

test('a click outside closes the menu', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  // Opened from the keyboard, so the pointer never touched the trigger (no hover-close involved).
  await site.services.trigger.focus()
  await page.keyboard.press('Enter')
  await expectOpen(site.services)
  const away = await pointAwayFromMenus(site)
  await page.mouse.click(away.x, away.y)
  await expectClosed(site.services)
})

test('only one dropdown is open at a time', async ({ page }) => {
  const { site } = await Site.open(page, '/es/contact', 'es')
  const { services, specializations } = site

  await services.trigger.click()
  await expectOpen(services)
  await specializations.trigger.click()
  await expectOpen(specializations)
  await expectClosed(services)

  // Services opened from the keyboard keeps focus inside it; Specializations then opens on
  // hover. Nothing but the menu group can close Services here (no blur, no pointer on it).
  await specializations.trigger.click()
  await expectClosed(specializations)
  await page.mouse.move(1, 1)
  await services.trigger.focus()
  await page.keyboard.press('Enter')
  await expect(await item(services, 0)).toBeFocused()
  await specializations.trigger.hover()
  await expectOpen(specializations)
  await expectClosed(services)
  await expect(page.getByRole('menu')).toHaveCount(1)
})

test('aria-current marks the link of the current page in the menus and the footer', async ({ page }) => {
  const path = '/es/services/governance'
  const { site } = await Site.open(page, path, 'es')
  await site.services.trigger.click()
  const items = await site.services.items()
  const current = items.and(page.locator('[aria-current="page"]'))
  await expect(current).toHaveCount(1)
  await expect(current).toHaveAttribute('href', path)
  await expect(current).toHaveAccessibleName(new RegExp(`^${t('es', findPage('/services/governance').title)}`))
  await expect((await site.specializations.items()).and(page.locator('[aria-current]'))).toHaveCount(0)
  const footerCurrent = site.footer.locator('[aria-current="page"]')
  await expect(footerCurrent).toHaveCount(1)
  await expect(footerCurrent).toHaveAttribute('href', path)
})

test('no link to another page claims to be the current page', async ({ page }) => {
  for (const path of ['/es/services/governance', '/en/specializations/financial-intelligence']) {
    await Site.open(page, path, path.startsWith('/es') ? 'es' : 'en')
    const marked = await page
      .locator('[aria-current="page"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')))
    expect(marked.length).toBeGreaterThan(0)
    expect(
      marked.filter((href) => href !== path),
      `links marked current on ${path}`,
    ).toEqual([])
  }
})
