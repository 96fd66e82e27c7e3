// The one escapeHtml (supabase/functions/_shared/html.ts), used by the e-mails, the areas' frames,
// the sitemap and the development inbox: what it changes, and that parsers read back the same text.
import { describe, expect, it } from 'vitest'
import { escapeHtml } from '../../supabase/functions/_shared/html'
import { sitemapXml } from '../../supabase/server/static/seo-files'

const hostile = `Tom & "Jerry's" <b>café</b> · ñ ?a=1&b=2`

describe('escapeHtml', () => {
  it('writes & < > " and \' as numeric references and leaves every other character', () => {
    expect(escapeHtml(hostile)).toBe('Tom &#38; &#34;Jerry&#39;s&#34; &#60;b&#62;café&#60;/b&#62; · ñ ?a=1&#38;b=2')
    expect(escapeHtml('Portal de clientes · Cauce Data')).toBe('Portal de clientes · Cauce Data')
  })

  it('reads back as the same text in HTML, in an attribute and in XML', () => {
    const html = new DOMParser().parseFromString(
      `<p title="${escapeHtml(hostile)}">${escapeHtml(hostile)}</p>`,
      'text/html',
    )
    expect(html.querySelector('p')?.textContent).toBe(hostile)
    expect(html.querySelector('p')?.getAttribute('title')).toBe(hostile)
    const xml = new DOMParser().parseFromString(
      `<url><loc a="${escapeHtml(hostile)}">${escapeHtml(hostile)}</loc></url>`,
      'application/xml',
    )
    expect(xml.querySelector('loc')?.textContent).toBe(hostile)
    expect(xml.querySelector('loc')?.getAttribute('a')).toBe(hostile)
  })

  it('leaves the sitemap as it was: its addresses hold nothing to escape', () => {
    const xml = sitemapXml('https://example.test')
    for (const [, address] of xml.matchAll(/(?:<loc>|href=")([^<"]*)/g)) expect(address).not.toMatch(/&/)
  })
})
