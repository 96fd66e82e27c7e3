// sitemap.xml and robots.txt, generated from the page list so they never fall out of step
// with the routes.
import { locales } from '../../../src/lib/locale'
import { publicPagePaths, withLangPrefix } from '../../../src/lib/pages'
import { escapeHtml } from '../../functions/_shared/html.ts'

export function sitemapXml(origin: string): string {
  const alternates = (path: string) =>
    [
      ...locales.map(
        (lng) =>
          `    <xhtml:link rel="alternate" hreflang="${lng}" href="${escapeHtml(origin + withLangPrefix(path, lng))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(origin + path)}"/>`,
    ].join('\n')
  const urls = publicPagePaths.flatMap((path) =>
    locales.map(
      (lng) =>
        `  <url>\n    <loc>${escapeHtml(origin + withLangPrefix(path, lng))}</loc>\n${alternates(path)}\n  </url>`,
    ),
  )
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...urls,
    '</urlset>',
    '',
  ].join('\n')
}

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /client-portal/',
    'Disallow: /es/client-portal/',
    'Disallow: /en/client-portal/',
    'Disallow: /admin',
    'Disallow: /es/admin',
    'Disallow: /en/admin',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n')
}
