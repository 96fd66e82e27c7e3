import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fillTemplate, splitHoisted } from '../../src/lib/html-document'
import { pageBootstrapScript, scriptHashSource } from '../../src/prerender/page-bootstrap'
import { inlineScriptsFile, prerenderedDir } from '../../src/prerender/prerendered'
import { inlineScriptSources } from '../../supabase/server/static/security-headers'
import { issueFormToken, formTokenAge } from '../../supabase/server/static/form-token'

const template = [
  '<!doctype html>',
  '<html lang="es">',
  '  <head>',
  '    <script type="module" crossorigin src="/assets/index-abc.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/a.js">',
  '    <link rel="stylesheet" crossorigin href="/assets/style.css">',
  '  </head>',
  '  <body>',
  '    <div id="app"></div>',
  '    <noscript>Este sitio necesita JavaScript.</noscript>',
  '  </body>',
  '</html>',
].join('\n')

const appHtml =
  '<title>Hi · Firm</title><meta name="description" content="d"/><link rel="canonical" href="x"/><!--$--><main><h1>Hi</h1></main><!--/$-->'

describe('a rendered page in the built index.html', () => {
  it('takes the tags React hoists to the start of a render into <head>', () => {
    const { head, body } = splitHoisted(appHtml)
    expect(head).toEqual([
      '<title>Hi · Firm</title>',
      '<meta name="description" content="d"/>',
      '<link rel="canonical" href="x"/>',
    ])
    expect(body).toBe('<!--$--><main><h1>Hi</h1></main><!--/$-->')
  })

  it('sets the language, fills #app for hydration and drops the no-JavaScript notice', () => {
    const html = fillTemplate(template, { lang: 'en', appHtml, mode: 'hydrate' })
    expect(html).toContain('<html lang="en">')
    expect(html).toContain('<div id="app" data-prerendered="hydrate"><!--$--><main><h1>Hi</h1></main><!--/$--></div>')
    expect(html.indexOf('<title>Hi · Firm</title>')).toBeLessThan(html.indexOf('</head>'))
    expect(html).toContain('/assets/index-abc.js')
    expect(html).not.toContain('noscript')
  })

  it('marks the head tags of a page the browser renders afresh', () => {
    const html = fillTemplate(template, { lang: 'es', appHtml, mode: 'render' })
    expect(html).toContain('<title data-replaced>Hi · Firm</title>')
    expect(html).toContain('<meta data-replaced name="description" content="d"/>')
  })

  it('leaves no script in a static page (the answer to a form sent without JavaScript)', () => {
    const html = fillTemplate(template, { lang: 'es', appHtml, mode: 'static' })
    expect(html).not.toContain('<script')
    expect(html).not.toContain('modulepreload')
    expect(html).toContain('/assets/style.css')
  })

  it("starts the app with the page's inline script instead of index.html's entry file", () => {
    const bootstrap = pageBootstrapScript('/assets/app-123.js')
    const html = fillTemplate(template, { lang: 'es', appHtml, mode: 'hydrate', bootstrap })
    expect(html).not.toContain('/assets/index-abc.js')
    expect(html).not.toContain('modulepreload')
    expect(html).toContain(`<script type="module">${bootstrap}</script>\n  </body>`)
    expect(bootstrap).toContain('import("/assets/app-123.js")')
    expect(html.match(/<script/g)).toHaveLength(1)
  })

  it('refuses a template without an empty #app', () => {
    expect(() =>
      fillTemplate('<html lang="es"><head></head><body></body></html>', { lang: 'es', appHtml, mode: 'hydrate' }),
    ).toThrow()
  })
})

describe("the inline script's place in the Content-Security-Policy", () => {
  it('is the SHA-256 of its exact text, as browsers compute it', async () => {
    const script = pageBootstrapScript('/assets/app-123.js')
    const expected = createHash('sha256').update(script, 'utf8').digest('base64')
    expect(await scriptHashSource(script)).toBe(`'sha256-${expected}'`)
  })

  it('is read from the build, keeping only well-formed hash sources', () => {
    const dist = mkdtempSync(join(tmpdir(), 'csp-'))
    expect(inlineScriptSources(dist)).toEqual([])
    mkdirSync(join(dist, prerenderedDir))
    const good = "'sha256-W9kCBolNbRAM0BPfLgjZyloZZGdqIwQeJ6oD25iCECs='"
    writeFileSync(
      join(dist, prerenderedDir, inlineScriptsFile),
      JSON.stringify({ scriptSources: [good, "'unsafe-inline'", "'sha256-x'; script-src *", 7] }),
    )
    expect(inlineScriptSources(dist)).toEqual([good])
  })
})

describe("the contact form's signed start time", () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters'

  it('tells how long ago the form was served', () => {
    const token = issueFormToken(secret, 1_000_000)
    expect(formTokenAge(secret, token, 1_004_000)).toBe(4000)
  })

  it('refuses missing, forged, future and day-old tokens', () => {
    const token = issueFormToken(secret, 1_000_000)
    expect(formTokenAge(secret, null, 1_000_500)).toBeUndefined()
    expect(formTokenAge(secret, 'garbage', 1_000_500)).toBeUndefined()
    expect(formTokenAge(secret, token.replace(/^\d+/, '999999'), 1_000_500)).toBeUndefined()
    expect(formTokenAge('another-secret-of-thirty-two-characters!', token, 1_000_500)).toBeUndefined()
    expect(formTokenAge(secret, token, 999_000)).toBeUndefined()
    expect(formTokenAge(secret, token, 1_000_000 + 25 * 3600 * 1000)).toBeUndefined()
  })
})
