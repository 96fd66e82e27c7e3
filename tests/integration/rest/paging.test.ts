// Limits, ranges and counts (Content-Range, 206, 416, max_rows), HEAD, and single()/maybeSingle():
// PostgREST's answers as supabase-js reads them, and the raw headers behind them.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import { startRestBed, type RestBed } from './support/fixture'

describeOnOneDatabase('REST paging, counts and singular responses on %s', (kind) => {
  let bed: RestBed

  beforeAll(async () => {
    bed = await startRestBed(kind)
    await bed.server.deps.db.exec(`
      create table public.rt_many as select g as id from generate_series(1, 1200) g;
      grant select on public.rt_many to anon;
    `)
  })
  afterAll(() => bed.close())

  it('pages with limit and range, counting the total exactly', async () => {
    const limited = await bed.anon.from('rt_books').select('id').order('id').limit(2)
    expect(limited.data).toEqual([{ id: 1 }, { id: 2 }])
    const ranged = await bed.anon.from('rt_books').select('id', { count: 'exact' }).order('id').range(1, 2)
    expect(ranged).toMatchObject({ data: [{ id: 2 }, { id: 3 }], count: 5, status: 206, error: null })
    const all = await bed.anon.from('rt_books').select('id', { count: 'exact' })
    expect(all).toMatchObject({ count: 5, status: 200 })
    // estimated counts exactly while the planner expects no more than max_rows (planned: parity.test.ts).
    expect((await bed.anon.from('rt_books').select('id', { count: 'estimated' }).limit(1)).count).toBe(5)
  })

  it('writes Content-Range as PostgREST does', async () => {
    const page = await bed.raw('/rt_books?select=id&order=id&offset=1&limit=2', { headers: { Prefer: 'count=exact' } })
    expect(page.status).toBe(206)
    expect(page.headers.get('content-range')).toBe('1-2/5')
    const uncounted = await bed.raw('/rt_books?select=id')
    expect(uncounted.status).toBe(200)
    expect(uncounted.headers.get('content-range')).toBe('0-4/*')
    const empty = await bed.raw('/rt_books?select=id&id=eq.99', { headers: { Prefer: 'count=exact' } })
    expect(empty.status).toBe(200)
    expect(empty.headers.get('content-range')).toBe('*/0')
    expect(await empty.json()).toEqual([])
  })

  it('honours the Range header', async () => {
    const response = await bed.raw('/rt_books?select=id&order=id', { headers: { Range: '1-2', 'Range-Unit': 'items' } })
    expect(await response.json()).toEqual([{ id: 2 }, { id: 3 }])
    expect(response.headers.get('content-range')).toBe('1-2/*')
    const backwards = await bed.raw('/rt_books?select=id', { headers: { Range: '3-1' } })
    expect(backwards.status).toBe(416)
    expect((await backwards.json()).code).toBe('PGRST103')
  })

  it('answers 416 for an offset past the counted total and for a negative limit', async () => {
    const past = await bed.anon.from('rt_books').select('id', { count: 'exact' }).range(10, 12)
    expect(past.status).toBe(416)
    expect(past.error).toMatchObject({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 5 rows.',
    })
    const negative = await bed.raw('/rt_books?limit=-1')
    expect(negative.status).toBe(416)
    expect(await negative.json()).toMatchObject({
      code: 'PGRST103',
      details: 'Limit should be greater than or equal to zero.',
    })
  })

  it('counts without a body for head: true (HEAD)', async () => {
    const result = await bed.anon.from('rt_books').select('*', { count: 'exact', head: true }).gt('pages', 300)
    expect(result).toMatchObject({ data: null, count: 3, error: null })
    const raw = await bed.raw('/rt_books?select=id', { method: 'HEAD', headers: { Prefer: 'count=exact' } })
    expect(raw.status).toBe(200)
    expect(raw.headers.get('content-range')).toBe('0-4/5')
    expect(await raw.text()).toBe('')
  })

  it('never returns more than max_rows (1000) rows', async () => {
    const { data, count, status } = await bed.anon.from('rt_many').select('id', { count: 'exact' })
    expect(data).toHaveLength(1000)
    expect(count).toBe(1200)
    expect(status).toBe(206)
    const response = await bed.raw('/rt_many?select=id&limit=5000&offset=900', { headers: { Prefer: 'count=exact' } })
    expect(response.headers.get('content-range')).toBe('900-1199/1200')
  })

  it('returns a bare object for single(), and 406 PGRST116 for 0 or several rows', async () => {
    const one = await bed.anon.from('rt_books').select('id, title').eq('id', 4).single()
    expect(one).toMatchObject({ data: { id: 4, title: 'Kindred' }, error: null, status: 200 })
    const none = await bed.anon.from('rt_books').select('id').eq('id', 99).single()
    expect(none.status).toBe(406)
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    })
    const two = await bed.anon.from('rt_books').select('id').eq('author_id', 1).single()
    expect(two.status).toBe(406)
    expect(two.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' })
    const raw = await bed.raw('/rt_books?select=id&id=eq.4', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    })
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8')
    expect(await raw.json()).toEqual({ id: 4 })
  })

  it('gives null, the object, or a client-side PGRST116 for maybeSingle()', async () => {
    const none = await bed.anon.from('rt_books').select('id').eq('id', 99).maybeSingle()
    expect(none).toMatchObject({ data: null, error: null, status: 200 })
    const one = await bed.anon.from('rt_books').select('id').eq('id', 3).maybeSingle()
    expect(one).toMatchObject({ data: { id: 3 }, error: null })
    const two = await bed.anon.from('rt_books').select('id').eq('author_id', 3).maybeSingle()
    expect(two.status).toBe(406)
    expect(two.error).toMatchObject({ code: 'PGRST116' })
  })

  it('refuses media types it cannot produce with 406 PGRST107', async () => {
    // GeoJSON needs PostGIS, which neither database here has, as on a Supabase project without it.
    const geo = await bed.anon.from('rt_books').select('id').geojson()
    expect(geo.status).toBe(406)
    expect(geo.error).toMatchObject({
      code: 'PGRST107',
      message: 'None of these media types are available: application/geo+json',
    })
    const any = await bed.raw('/rt_books?select=id&id=eq.1', { headers: { Accept: 'text/html, */*;q=0.8' } })
    expect(await any.json()).toEqual([{ id: 1 }])
  })
})
