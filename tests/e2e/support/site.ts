// Page objects for the site's shared frame: header (dropdowns, language switch, mobile menu),
// footer, skip link and the page's own heading. Locators go by role and accessible name, with
// the names taken from the catalogs of the language the page is expected to be in.
import type { Locator, Page } from '@playwright/test'
import type { Locale } from '../../../src/lib/locale'
import { t } from './catalog'

/** Each language button is named in its own language (lang-toggle.tsx). */
const nativeNames: Record<Locale, string> = { es: 'Español', en: 'English' }

/** The element a control points to with aria-controls (React's useId ids need attribute selectors). */
async function controlled(page: Page, control: Locator): Promise<Locator> {
  const id = await control.getAttribute('aria-controls')
  if (!id) throw new Error('control has no aria-controls')
  return page.locator(`[id="${id}"]`)
}

export class DropdownMenu {
  readonly trigger: Locator

  constructor(
    readonly page: Page,
    banner: Locator,
    readonly label: string,
  ) {
    this.trigger = banner.getByRole('button', { name: label, exact: true })
  }

  /** The role=menu list, found even while hidden. */
  async menu(): Promise<Locator> {
    return controlled(this.page, this.trigger)
  }

  async items(): Promise<Locator> {
    return (await this.menu()).getByRole('menuitem', { includeHidden: true })
  }

  async item(name: string): Promise<Locator> {
    return (await this.menu()).getByRole('menuitem', { name: new RegExp(`^${escapeRegExp(name)}`) })
  }
}

export class MobileMenu {
  readonly toggle: Locator

  constructor(
    readonly page: Page,
    banner: Locator,
    lng: Locale,
  ) {
    this.toggle = banner.getByRole('button', { name: t(lng, 'Menu'), exact: true })
  }

  async panel(): Promise<Locator> {
    return controlled(this.page, this.toggle)
  }
}

export class Site {
  readonly banner: Locator
  readonly footer: Locator
  readonly main: Locator
  readonly h1: Locator
  readonly html: Locator
  readonly services: DropdownMenu
  readonly specializations: DropdownMenu
  readonly mobileMenu: MobileMenu

  constructor(
    readonly page: Page,
    readonly lng: Locale,
  ) {
    this.banner = page.getByRole('banner')
    this.footer = page.getByRole('contentinfo')
    this.main = page.getByRole('main')
    this.h1 = page.getByRole('heading', { level: 1 })
    this.html = page.locator('html')
    this.services = new DropdownMenu(page, this.banner, t(lng, 'Services'))
    this.specializations = new DropdownMenu(page, this.banner, t(lng, 'Specializations'))
    this.mobileMenu = new MobileMenu(page, this.banner, lng)
  }

  /** Opens a URL and waits until the app has rendered its heading. */
  static async open(page: Page, url: string, lng: Locale) {
    const response = await page.goto(url)
    const site = new Site(page, lng)
    await site.h1.waitFor()
    return { site, response }
  }

  /** The same page object, for the page after a language switch. */
  in(lng: Locale): Site {
    return new Site(this.page, lng)
  }

  langButton(lng: Locale): Locator {
    return this.banner.getByRole('button', { name: nativeNames[lng], exact: true })
  }

  skipLink(): Locator {
    return this.page.getByRole('link', { name: t(this.lng, 'Skip to content'), exact: true })
  }

  /** hrefs of every same-site link in the header and the footer, hidden menus included. */
  async frameLinkHrefs(): Promise<string[]> {
    const read = (region: Locator) =>
      region.locator('a[href]').evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''))
    const hrefs = [...(await read(this.banner)), ...(await read(this.footer))]
    return hrefs.filter((href) => href.startsWith('/'))
  }

  async scrollY(): Promise<number> {
    return this.page.evaluate(() => window.scrollY)
  }
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}
