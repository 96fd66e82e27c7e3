// REST `Accept` negotiation (supabase/server/rest/media.ts): PostgREST's choice among offered types,
// plans only when REST_DB_PLAN_ENABLED is on, and the names PGRST107 gives what it cannot produce.
import { describe, expect, it } from 'vitest'
import { negotiateMediaType, planContentType } from '../../supabase/server/rest/media'

const plan = 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers|nope;'

describe('negotiateMediaType', () => {
  it('answers JSON by default and picks by q, then by order', () => {
    expect(negotiateMediaType(undefined)).toEqual({ single: false, stripNulls: false, csv: false })
    expect(negotiateMediaType('text/html, text/csv;q=0.5, application/vnd.pgrst.object+json;q=0.9')).toEqual({
      single: true,
      stripNulls: false,
      csv: false,
    })
    expect(negotiateMediaType('application/vnd.pgrst.array+json;nulls=stripped').stripNulls).toBe(true)
  })

  it('reads a plan with its `for` type and known options, in PostgREST’s order, when plans are on', () => {
    const media = negotiateMediaType(plan, true)
    expect(media).toMatchObject({ single: true, plan: { format: 'json', options: ['analyze', 'buffers'] } })
    expect(planContentType(media.plan!)).toBe(
      'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers',
    )
    // A quoted `for` may hold its own parameters and commas.
    const quoted = negotiateMediaType(
      'application/vnd.pgrst.plan; for="application/vnd.pgrst.object+json;nulls=stripped"',
      true,
    )
    expect(quoted).toMatchObject({ single: true, stripNulls: true, plan: { format: 'text', options: [] } })
    expect(negotiateMediaType('application/vnd.pgrst.plan+text', true).plan?.for).toBe('application/json')
  })

  it('passes over plans while they are off, and names them in PGRST107', () => {
    expect(negotiateMediaType(`${plan}, text/csv`)).toEqual({ single: false, stripNulls: false, csv: true })
    expect(() => negotiateMediaType(plan)).toThrow(
      'None of these media types are available: application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=analyze|buffers',
    )
    // A plan for a type the server cannot produce is no plan it can give.
    expect(() => negotiateMediaType('application/vnd.pgrst.plan; for="text/html"', true)).toThrow(/PGRST107|available/)
  })

  it('reads a long hostile header in one pass', () => {
    const header = `${'"a,'.repeat(20_000)}text/html`
    const started = performance.now()
    expect(() => negotiateMediaType(header, true)).toThrow()
    expect(performance.now() - started).toBeLessThan(500)
  })
})
