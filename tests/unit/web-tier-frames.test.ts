// The web tier's frame sources for dashboards (decision 0039): it serves the portal's pages, so its
// Content-Security-Policy must let in the Metabase site's embedded dashboards and the deployment's
// own BI hosts, with the server's own rule: plain http only outside production.
import { describe, expect, it } from 'vitest'
import { readWebTierEnv } from '../../supabase/server/web-tier/settings'

const production = {
  NODE_ENV: 'production',
  SITE_URL: 'https://www.caucedata.com',
  FORM_SECRET: 'a-form-secret-of-at-least-thirty-two-characters',
  SUPABASE_URL: 'https://abcdefghijklmnop.supabase.co',
  SUPABASE_ANON_KEY: 'an-anon-key-for-the-test',
}

describe("the web tier's dashboard frame settings", () => {
  it('takes the Metabase site and more origins, over https in production', () => {
    const env = readWebTierEnv({
      ...production,
      METABASE_SITE_URL: 'https://metabase.caucedata.com',
      DASHBOARD_FRAME_SOURCES: 'https://bi.caucedata.com  https://reports.caucedata.com:8443',
    })
    expect(env.METABASE_SITE_URL).toBe('https://metabase.caucedata.com')
    expect(env.DASHBOARD_FRAME_SOURCES).toEqual(['https://bi.caucedata.com', 'https://reports.caucedata.com:8443'])
  })

  it('refuses plain http in production, and anything but origins', () => {
    expect(() => readWebTierEnv({ ...production, METABASE_SITE_URL: 'http://metabase.caucedata.com' })).toThrow(
      /METABASE_SITE_URL: must be https in production/,
    )
    expect(() => readWebTierEnv({ ...production, DASHBOARD_FRAME_SOURCES: 'http://localhost:3000' })).toThrow(
      /DASHBOARD_FRAME_SOURCES: must be https origins in production/,
    )
    expect(() => readWebTierEnv({ ...production, DASHBOARD_FRAME_SOURCES: "https://bi.example.com 'self'" })).toThrow(
      /DASHBOARD_FRAME_SOURCES: expected origins/,
    )
    // Tests frame a local stand-in.
    expect(
      readWebTierEnv({ ...production, NODE_ENV: 'test', DASHBOARD_FRAME_SOURCES: 'http://127.0.0.1:4182' })
        .DASHBOARD_FRAME_SOURCES,
    ).toEqual(['http://127.0.0.1:4182'])
  })
})
