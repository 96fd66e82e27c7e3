// The firm's identity in one place: every page, the footer, the error screen and the
// server's sitemap read it from here.
export const siteConfig = {
  name: 'Cauce Data',
  email: 'hola@caucedata.com',
  /** Production origin, used where an absolute URL is needed without a request (sitemap fallback). */
  url: 'https://caucedata.com',
  sisterProduct: {
    name: 'Cauce Pulse',
    url: 'https://pulse.caucedata.com',
  },
  foundedYear: 2016,
} as const

export type SiteConfig = typeof siteConfig

export function mailtoHref(email: string = siteConfig.email, subject?: string): string {
  return subject ? `mailto:${email}?subject=${encodeURIComponent(subject)}` : `mailto:${email}`
}
