// The PostgREST features a Supabase project turns on by setting, here on: aggregate functions in
// `select` (REST_DB_AGGREGATES_ENABLED, PostgREST's db-aggregates-enabled), `Prefer: tx=rollback`
// (REST_DB_TX_END=commit-allow-override, PostgREST's db-tx-end) and EXPLAIN plans (REST_DB_PLAN_ENABLED,
// db-plan-enabled). How the server answers with them off, its default, is in errors.test.ts and
// write.test.ts. On both databases: plans and aggregates are PostgreSQL's own output.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import { startRestBed, tableRows, type RestBed } from './support/fixture'

const byKey = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(a[key]).localeCompare(JSON.stringify(b[key]))

describeEachDatabase('REST opt-in features on %s', (kind) => {
  let bed: RestBed

  beforeAll(async () => {
    bed = await startRestBed(kind, {
      REST_DB_AGGREGATES_ENABLED: 'true',
      REST_DB_TX_END: 'commit-allow-override',
      REST_DB_PLAN_ENABLED: 'true',
    })
  })
  afterAll(() => bed.close())

  describe('aggregate functions', () => {
    it('counts every row the caller may read, and sums, averages and bounds columns', async () => {
      const all = await bed.anon.from('rt_books').select('count()')
      expect(all).toMatchObject({ status: 200, error: null, data: [{ count: 5 }] })
      const service = await bed.service.from('rt_books').select('count(), pages.sum(), pages.min(), pages.max()')
      expect(service.data).toEqual([{ count: 6, sum: 1513, min: 183, max: 417 }])
    })

    it('groups by the other selected columns, with aliases, filters and order', async () => {
      const { data, error } = await bed.anon
        .from('rt_books')
        .select('author_id, books:count(), pages.sum(), price.max()')
        .order('author_id')
      expect(error).toBeNull()
      expect(data).toEqual([
        { author_id: 1, books: 2, sum: 487, max: 14.99 },
        { author_id: 2, books: 1, sum: 417, max: 19.9 },
        { author_id: 3, books: 2, sum: 609, max: 11 },
      ])
      const one = await bed.anon.from('rt_books').select('author_id, pages.avg()').eq('author_id', 3)
      expect(one.data).toEqual([{ author_id: 3, avg: 304.5 }])
    })

    it('casts the column before the aggregate and the aggregate after it', async () => {
      const { data } = await bed.anon
        .from('rt_books')
        .select('author_id, rounded:price::int.sum(), mean:pages.avg()::int, pages.count()::text')
        .eq('author_id', 1)
      // 12.50 and 14.99 round to 13 and 15; (183 + 304) / 2 = 243.5 rounds to 244.
      expect(data).toEqual([{ author_id: 1, rounded: 28, mean: 244, count: '2' }])
      const awards = await bed.anon.from('rt_authors').select('awards:meta->>awards::int.sum()')
      expect(awards.data).toEqual([{ awards: 5 }])
    })

    it('aggregates inside an embedded resource, per parent row', async () => {
      const { data } = await bed.anon.from('rt_authors').select('id, rt_books(count(), pages.sum())').order('id')
      expect(data).toEqual([
        { id: 1, rt_books: [{ count: 2, sum: 487 }] },
        { id: 2, rt_books: [{ count: 1, sum: 417 }] },
        { id: 3, rt_books: [{ count: 2, sum: 609 }] },
        // No rows, no group terms: one row of aggregates over nothing, as in PostgreSQL.
        { id: 4, rt_books: [{ count: 0, sum: null }] },
      ])
      const grouped = await bed.anon.from('rt_authors').select('id, rt_books(available, count())').eq('id', 1).single()
      expect(grouped.data).toEqual({ id: 1, rt_books: [{ available: true, count: 2 }] })
    })

    it('groups by an embedded resource and by a to-one spread', async () => {
      const embedded = await bed.anon.from('rt_books').select('pages.sum(), rt_authors(country)')
      expect(embedded.error).toBeNull()
      expect([...(embedded.data ?? [])].sort(byKey('rt_authors'))).toEqual([
        { sum: 417, rt_authors: { country: 'CO' } },
        { sum: 1096, rt_authors: { country: 'US' } },
      ])
      const spread = await bed.anon.from('rt_books').select('...rt_authors(country), pages.sum()')
      expect([...(spread.data ?? [])].sort(byKey('country'))).toEqual([
        { country: 'CO', sum: 417 },
        { country: 'US', sum: 1096 },
      ])
    })

    it('takes the aggregates of a to-one spread over the groups of its parent', async () => {
      const latest = await bed.anon.from('rt_books').select('available, ...rt_authors(born.max())')
      expect(latest.data).toEqual([{ available: true, max: '1947-06-22' }])
      // count() in a spread counts the rows that have an author; the book without one does not.
      const counted = await bed.service.from('rt_books').select('count(), ...rt_authors(authored:count())')
      expect(counted.data).toEqual([{ count: 6, authored: 5 }])
    })

    it('answers CSV and counts the filtered rows, as PostgREST does', async () => {
      const csv = await bed.anon.from('rt_books').select('author_id, count()').order('author_id').csv()
      expect(csv.data).toBe('author_id,count\n1,2\n2,1\n3,2')
      const counted = await bed.anon
        .from('rt_books')
        .select('author_id, count()', { count: 'exact' })
        .order('author_id')
        .limit(2)
      expect(counted.count).toBe(5)
      expect(counted.data).toEqual([
        { author_id: 1, count: 2 },
        { author_id: 2, count: 1 },
      ])
    })

    it('answers mistakes with PostgreSQL’s and PostgREST’s errors, never a 500', async () => {
      const missing = await bed.anon.from('rt_books').select('alias:missing_column.count()')
      expect(missing.status).toBe(400)
      expect(missing.error).toMatchObject({ code: '42703', message: 'column rt_books.missing_column does not exist' })
      // A related table's name is no column: PostgreSQL's words, naming the table without an alias.
      const relation = await bed.anon.from('rt_books').select('title, rt_authors.count(), n:rt_authors.count()::text')
      expect(relation.error).toMatchObject({ code: '42703', message: 'column rt_books.rt_authors does not exist' })
      const ungrouped = await bed.anon.from('rt_books').select('author_id, count()').order('pages')
      expect(ungrouped.status).toBe(400)
      expect(ungrouped.error).toMatchObject({ code: '42803' })
      const wrongType = await bed.anon.from('rt_books').select('title.sum()')
      expect(wrongType.status).toBe(404)
      expect(wrongType.error).toMatchObject({ code: '42883' })
      const badCast = await bed.anon.from('rt_books').select('count()::evil')
      expect(badCast.error).toMatchObject({ code: '42704', message: 'type "evil" does not exist' })
      for (const select of ['pages.median()', 'count(*)', 'pages.sum', 'count()x']) {
        const parsed = await bed.anon.from('rt_books').select(select)
        expect(parsed.status, select).toBe(400)
        expect(parsed.error, select).toMatchObject({ code: 'PGRST100' })
      }
    })
  })

  describe('Prefer: tx=rollback', () => {
    it('answers a write as if committed, then undoes it', async () => {
      const result = await bed.service.from('rt_authors').insert({ name: 'Ghost Writer' }).select('name').rollback()
      expect(result).toMatchObject({ status: 201, error: null, data: [{ name: 'Ghost Writer' }] })
      const raw = await bed.raw('/rt_authors?select=name', {
        method: 'POST',
        headers: {
          apikey: bed.server.serviceRoleKey,
          Authorization: `Bearer ${bed.server.serviceRoleKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=representation, tx=rollback',
        },
        body: JSON.stringify({ name: 'Ghost Writer' }),
      })
      expect(raw.status).toBe(201)
      expect(raw.headers.get('preference-applied')).toBe('return=representation, tx=rollback')
      const names = (await tableRows(bed, 'rt_authors')) as Array<{ name: string }>
      expect(names.map((row) => row.name)).not.toContain('Ghost Writer')
    })

    it('undoes updates, deletes and function calls too, and commits with tx=commit', async () => {
      const updated = await bed.alice.from('rt_books').update({ pages: 1 }).eq('id', 1).select('pages').rollback()
      expect(updated.data).toEqual([{ pages: 1 }])
      const removed = await bed.alice.from('rt_books').delete().eq('id', 2).rollback()
      expect(removed.status).toBe(204)
      const touched = await bed.alice.rpc('rt_touch', { book: 1 }).rollback()
      expect(touched.status).toBe(204)
      const books = await bed.anon.from('rt_books').select('id, pages').in('id', [1, 2]).order('id')
      expect(books.data).toEqual([
        { id: 1, pages: 183 },
        { id: 2, pages: 304 },
      ])
      const kept = await bed.raw('/rt_books?id=eq.1', {
        method: 'PATCH',
        headers: { Authorization: `Bearer ${bed.aliceToken}`, 'Content-Type': 'application/json', Prefer: 'tx=commit' },
        body: JSON.stringify({ pages: 184 }),
      })
      expect(kept.status).toBe(204)
      expect(kept.headers.get('preference-applied')).toBe('tx=commit')
      expect((await bed.anon.from('rt_books').select('pages').eq('id', 1).single()).data).toEqual({ pages: 184 })
    })

    it('refuses an unknown transaction end under handling=strict', async () => {
      const response = await bed.raw('/rt_books?select=id&id=eq.1', {
        headers: { Prefer: 'handling=strict, tx=maybe' },
      })
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: tx=maybe' })
    })
  })
  describe('EXPLAIN plans', () => {
    interface PlanNode {
      'Node Type': string
      'Relation Name'?: string
      'Actual Rows'?: number
      Output?: string[]
      Plans?: PlanNode[]
    }
    const nodes = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodes)]
    const scanOf = (data: unknown, table: string) =>
      nodes((data as Array<{ Plan: PlanNode }>)[0]!.Plan).find((node) => node['Relation Name'] === table)

    it('answers a read with its plan, as JSON or text, in PostgREST’s media type', async () => {
      const json = await bed.anon.from('rt_books').select('id, title').eq('author_id', 1).explain({ format: 'json' })
      expect(json).toMatchObject({ status: 200, error: null })
      expect(scanOf(json.data, 'rt_books')).toBeDefined()
      const text = await bed.anon.from('rt_books').select('id, rt_authors(name)').explain()
      expect(text.data).toMatch(/^Aggregate {2}\(cost=/)
      expect(text.data).toMatch(/on rt_authors/)
      const raw = await bed.raw('/rt_books?select=id', {
        headers: {
          Accept: 'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose|settings',
        },
      })
      expect(raw.status).toBe(200)
      expect(raw.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/vnd.pgrst.object+json"; options=verbose|settings; charset=utf-8',
      )
      expect(scanOf(await raw.json(), 'rt_books')?.Output).toBeDefined()
    })

    it('runs ANALYZE as the caller, under row-level security', async () => {
      const rows = async (client: RestBed['anon']) =>
        scanOf(
          (await client.from('rt_books').select('id').explain({ analyze: true, format: 'json' })).data,
          'rt_books',
        )?.['Actual Rows']
      expect(await rows(bed.anon)).toBe(5)
      expect(await rows(bed.service)).toBe(6)
    })

    it('explains writes and function calls; without ANALYZE nothing is written', async () => {
      const insert = await bed.service.from('rt_authors').insert({ name: 'Planned Writer' }).select('id').explain()
      expect(insert.data).toMatch(/Insert on rt_authors/)
      const update = await bed.alice.from('rt_books').update({ pages: 2 }).eq('id', 1).explain()
      expect(update.data).toMatch(/Update on rt_books/)
      const names = (await tableRows(bed, 'rt_authors')) as Array<{ name: string }>
      expect(names.map((row) => row.name)).not.toContain('Planned Writer')
      expect((await bed.anon.from('rt_books').select('pages').eq('id', 1).single()).data).not.toEqual({ pages: 2 })
      const call = await bed.anon.rpc('rt_books_by', { author: 1 }).select('title').explain({ format: 'json' })
      expect(call.status).toBe(200)
      expect(Array.isArray(call.data)).toBe(true)
      // WAL needs ANALYZE: PostgreSQL's refusal, a 400.
      const wal = await bed.raw('/rt_books?select=id', {
        headers: { Accept: 'application/vnd.pgrst.plan; options=wal' },
      })
      expect(wal.status).toBe(400)
      expect(await wal.json()).toMatchObject({ code: '22023' })
    })
  })
})
