import { describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { clientIp, clientIpMiddleware } from '../../supabase/server/lib/client-ip'

function appWith(trustProxy: boolean) {
  const app = new Hono()
  app.use('*', clientIpMiddleware(trustProxy))
  app.get('/', (c) => c.text(clientIp(c)))
  return app
}

describe('client IP', () => {
  it('ignores X-Forwarded-For unless the proxy is trusted, so a client cannot pick its own address', async () => {
    const response = await appWith(false).request('/', { headers: { 'x-forwarded-for': '203.0.113.9' } })
    expect(await response.text()).toBe('unknown')
  })

  it('behind a trusted proxy, takes the last hop (the one the proxy added)', async () => {
    const response = await appWith(true).request('/', { headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' } })
    expect(await response.text()).toBe('203.0.113.9')
  })
})
