// The web tier (supabase/server/web-tier): the built site alone, in front of a Supabase project,
// here our full server listening on a loopback port. Pages, languages, 404, headers and SEO files
// come from the build with no database; the contact form sent without JavaScript is stored through
// the project's REST API as the anonymous caller, so the project's own rules (constraints, the
// per-address limit) decide, and the visitor's address is the one counted. The web tier has no API.
import { existsSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeOnOneDatabase, startTestServer, type TestServer } from './support/server'
import { freePort } from './support/free-port'
import { createWebTierApp } from '../../supabase/server/web-tier/app'
import { readWebTierEnv } from '../../supabase/server/web-tier/settings'

const siteUrl = 'https://www.example.test'

describeOnOneDatabase('the web tier', (kind) => {
  let project: TestServer
  let projectUrl: string
  let web: ReturnType<typeof createWebTierApp>

  beforeAll(async () => {
    // The contact answers are rendered by the build's SSR bundle: `npm test` builds first.
    if (!existsSync('dist/server/entry-server.js'))
      throw new Error('No built site in dist/: run `npm run build` first.')
    project = await startTestServer(kind)
    projectUrl = await project.listen()
    web = createWebTierApp(
      readWebTierEnv({
        NODE_ENV: 'test',
        SITE_URL: siteUrl,
        SUPABASE_URL: projectUrl,
        SUPABASE_ANON_KEY: project.anonKey,
        TRUST_PROXY: 'true',
      }),
    )
  }, 120_000)
  afterAll(async () => {
    await project?.close()
  })

  const visit = (path: string, headers: Record<string, string> = {}) => web.request(path, { headers })

  it('serves every kind of page from the build, in the visitor’s language, with its headers', async () => {
    const home = await visit('/es')
    expect(home.status).toBe(200)
    const html = await home.text()
    expect(html).toContain('<html lang="es"')
    expect(html).toContain(`${siteUrl}/og/es/home.png`)
    // The SPA calls the project's APIs and Realtime, and nothing else.
    const csp = home.headers.get('Content-Security-Policy') ?? ''
    const { host, origin } = new URL(projectUrl)
    expect(csp).toMatch(new RegExp(`connect-src 'self' ${origin} ws://${host};`))
    expect(home.headers.get('X-Frame-Options')).toBe('DENY')

    const unprefixed = await visit('/contact', { 'Accept-Language': 'en-GB,en;q=0.9' })
    expect(unprefixed.status).toBe(200)
    expect(await unprefixed.text()).toContain('<html lang="en"')
    expect(unprefixed.headers.get('Vary')).toContain('Accept-Language')
    const chosen = await visit('/contact', { 'Accept-Language': 'en', Cookie: 'lang=es' })
    expect(await chosen.text()).toContain('<html lang="es"')

    const missing = await visit('/en/no-such-page')
    expect(missing.status).toBe(404)
    expect(await missing.text()).toContain('<html lang="en"')

    // The portal and the admin area are the SPA, rendered in the browser.
    const portal = await visit('/es/client-portal/login')
    expect(portal.status).toBe(200)
    expect(await portal.text()).toContain('<div id="app"')

    const sitemap = await (await visit('/sitemap.xml')).text()
    expect(sitemap).toContain(`<loc>${siteUrl}/es/contact</loc>`)
    expect(await (await visit('/robots.txt')).text()).toContain(`Sitemap: ${siteUrl}/sitemap.xml`)
  })

  it('has no API of its own: the APIs are the project’s', async () => {
    for (const path of [
      '/rest/v1/contact_messages',
      '/auth/v1/health',
      '/storage/v1/bucket',
      '/functions/v1/admin-users',
    ]) {
      const response = await visit(path, { apikey: project.anonKey })
      expect(response.status, path).toBe(404)
      expect(response.headers.get('Content-Type'), path).toContain('text/html')
    }
  })

  /** The contact page's form as the web tier sent it, filled in and posted without JavaScript. */
  async function postContact(path: string, visitor: string, fields: Record<string, string>) {
    const page = await (await visit(path, { 'X-Forwarded-For': visitor })).text()
    const started = /name="started" value="([^"]+)"/.exec(page)?.[1]
    expect(started, 'the form carries a signed "started" token').toBeTruthy()
    const form = new URLSearchParams({
      started: started!,
      name: 'Ana Web',
      company: 'Ribera',
      interest: 'data-engineering',
      message: 'We would like to talk about our nightly pipelines.',
      privacy: 'on',
      website: '',
      ...fields,
    })
    return web.request(path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': visitor },
      body: form.toString(),
    })
  }

  const storedFor = async (email: string) =>
    (await project.serviceClient().from('contact_messages').select('name, locale, interest').eq('email', email)).data

  it('stores a contact form sent without JavaScript in the project, and thanks the sender', async () => {
    const email = `web-tier-${kind}-${Date.now()}@example.com`
    const answer = await postContact('/en/contact', '198.51.100.10', { email })
    expect(answer.status).toBe(200)
    expect(await answer.text()).toContain('Ana Web')
    expect(await storedFor(email)).toEqual([{ name: 'Ana Web', locale: 'en', interest: 'data-engineering' }])
  })

  it('shows refusals in the form, with the input kept: a bad value, then the project’s limit per address', async () => {
    // The app's rules (the same as the table's constraints) refuse it before anything is sent.
    const tooLong = `${'a'.repeat(250)}@example.com`
    const invalid = await postContact('/es/contact', '198.51.100.20', { email: tooLong })
    expect(invalid.status).toBe(422)
    expect(await storedFor(tooLong)).toEqual([])

    // Five an hour from one visitor's address; the sixth is refused, while another visitor goes on.
    const visitor = '198.51.100.30'
    for (let sent = 0; sent < 5; sent++) {
      const ok = await postContact('/es/contact', visitor, { email: `limit-${kind}-${sent}-${Date.now()}@example.com` })
      expect(ok.status).toBe(200)
    }
    const sixth = `limit-${kind}-6-${Date.now()}@example.com`
    const refused = await postContact('/es/contact', visitor, { email: sixth })
    expect(refused.status).toBe(429)
    expect(await refused.text()).toContain(sixth)
    expect(await storedFor(sixth)).toEqual([])
    const other = await postContact('/es/contact', '198.51.100.31', {
      email: `other-${kind}-${Date.now()}@example.com`,
    })
    expect(other.status).toBe(200)
  })
})

describe('the web tier, with its project out of reach', () => {
  it('tells the sender it failed and keeps what they wrote (503), within CONTACT_FORWARD_TIMEOUT_MS', async () => {
    const web = createWebTierApp(
      readWebTierEnv({
        NODE_ENV: 'test',
        SUPABASE_URL: `http://127.0.0.1:${await freePort()}`,
        SUPABASE_ANON_KEY: 'an-anon-key-of-a-project-that-is-down',
        CONTACT_FORWARD_TIMEOUT_MS: '2000',
      }),
    )
    const page = await (await web.request('/es/contact')).text()
    const started = /name="started" value="([^"]+)"/.exec(page)![1]!
    const answer = await web.request('/es/contact', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        started,
        name: 'Ana Web',
        email: 'ana@example.com',
        company: 'Ribera',
        interest: 'governance',
        message: 'A message that must not be lost on the way.',
        privacy: 'on',
      }).toString(),
    })
    expect(answer.status).toBe(503)
    expect(await answer.text()).toContain('A message that must not be lost on the way.')
  })
})

describe('the web tier’s settings', () => {
  it('name what is missing or unsafe, all at once', () => {
    expect(() => readWebTierEnv({})).toThrow(/SUPABASE_URL[\s\S]*SUPABASE_ANON_KEY/)
    expect(() =>
      readWebTierEnv({
        NODE_ENV: 'production',
        SUPABASE_URL: 'https://abc.supabase.co',
        SUPABASE_ANON_KEY: 'x'.repeat(40),
      }),
    ).toThrow(/FORM_SECRET: is the public development value[\s\S]*SITE_URL: is required in production/)
  })
})
