import { describe, expect, it } from 'vitest'
import { Hono } from 'hono'
import { clientIp, clientIpMiddleware } from '../../supabase/server/lib/client-ip'
import { databaseHeaders } from '../../supabase/server/db/request-context'

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

describe('request.headers for the database', () => {
  function echo(trustProxy: boolean) {
    const app = new Hono()
    app.use('*', clientIpMiddleware(trustProxy))
    app.get('/', (c) => c.json(databaseHeaders(c.req.raw.headers, clientIp(c))))
    return app
  }

  it('carries the resolved address as x-real-ip, over one the client sent', async () => {
    const response = await echo(true).request('/', {
      headers: { 'x-real-ip': '192.0.2.77', 'x-forwarded-for': '198.51.100.1, 203.0.113.9', prefer: 'return=minimal' },
    })
    expect(await response.json()).toMatchObject({ 'x-real-ip': '203.0.113.9', prefer: 'return=minimal' })
  })

  it('does not let a client name its address when no proxy is trusted', async () => {
    const response = await echo(false).request('/', {
      headers: { 'x-real-ip': '192.0.2.77', 'x-forwarded-for': '203.0.113.9' },
    })
    expect(await response.json()).toMatchObject({ 'x-real-ip': 'unknown' })
  })
})
