// The firm's identity in one place: every page, the footer, the error screen, the server's sitemap
// and the e-mails read it. It lives with the Edge Functions because their e-mails deploy with it;
// the app reads it through src/config/site.ts.
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
  /**
   * The company behind the site, as the legal notice (LSSI art. 10), the privacy policy and the
   * structured data state it. Demonstration values: the firm replaces them with its own.
   */
  company: {
    legalName: 'Cauce Data Consulting, S.L.',
    taxId: 'B-87654321',
    registry: 'Registro Mercantil de Madrid, tomo 38.912, folio 145, hoja M-692.310',
    streetAddress: 'Calle de Alcalá 123, 4.º izquierda',
    postalCode: '28009',
    locality: 'Madrid',
    country: 'ES',
    phone: '+34 910 000 000',
    privacyEmail: 'privacidad@caucedata.com',
  },
  /** How long contact enquiries are kept after the last exchange (privacy notice and policy). */
  enquiryRetentionMonths: 12,
  /** When the legal texts last changed (ISO date). */
  legalUpdated: '2026-11-24',
} as const
