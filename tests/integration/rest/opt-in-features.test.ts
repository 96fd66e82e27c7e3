// The PostgREST features a Supabase project turns on by setting, here on: aggregate functions in
// `select` (REST_DB_AGGREGATES_ENABLED, PostgREST's db-aggregates-enabled), `Prefer: tx=rollback`
// (REST_DB_TX_END=commit-allow-override, PostgREST's db-tx-end) and EXPLAIN plans (REST_DB_PLAN_ENABLED,
// db-plan-enabled), under row-level security (the demo organizations' clients) and hostile input.
// How the server answers with them off, its default, is in errors.test.ts and write.test.ts. On both
// databases: plans and aggregates are PostgreSQL's own output.
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { organizations, projects, tasks, users } from '../rls/seed-ids'
import { describeEachDatabase, describeOnOneDatabase, signedInClient } from '../support/server'
import { tableRows, useRestBed, type RestBed } from './support/fixture'

const byKey = (key: string) => (a: Record<string, unknown>, b: Record<string, unknown>) =>
  JSON.stringify(a[key]).localeCompare(JSON.stringify(b[key]))

describeEachDatabase('REST opt-in features on %s', (kind) => {
  const bed = useRestBed(kind, {
    REST_DB_AGGREGATES_ENABLED: 'true',
    REST_DB_TX_END: 'commit-allow-override',
    REST_DB_PLAN_ENABLED: 'true',
  })

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
          ...bed.serviceJson,
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

  describe('under row-level security: a client of one organization, rows of another', () => {
    let lucia: SupabaseClient
    let daniel: SupabaseClient
    beforeAll(async () => {
      ;[lucia, daniel] = await Promise.all([
        signedInClient(bed.server, users.lucia),
        signedInClient(bed.server, users.daniel),
      ])
    })
    const rows = async <T>(query: PromiseLike<{ data: T[] | null; error: unknown }>) => {
      const { data, error } = await query
      expect(error).toBeNull()
      return data ?? []
    }

    it('counts and groups only the projects the caller may read', async () => {
      const everyone = await rows(bed.service.from('projects').select('organization_id, count()'))
      const seen = await rows(lucia.from('projects').select('id, organization_id'))
      expect(seen.map((row) => row.organization_id)).toEqual(seen.map(() => organizations.ribera))
      expect(seen.map((row) => row.id)).not.toContain(projects.riberaHidden)
      // One group, her organization's, counting exactly the rows she can list.
      expect(await rows(lucia.from('projects').select('organization_id, count()'))).toEqual([
        { organization_id: organizations.ribera, count: seen.length },
      ])
      const kuntur = await rows(daniel.from('projects').select('organization_id, projects:count()'))
      expect(kuntur).toEqual([{ organization_id: organizations.kuntur, projects: expect.any(Number) }])
      // The service role sees both organizations and the hidden project: more than each client.
      const total = (everyone as Array<{ count: number }>).reduce((sum, row) => sum + row.count, 0)
      expect(everyone).toHaveLength(2)
      expect(total).toBeGreaterThan(seen.length + kuntur[0]!.projects)
    })

    it('sums and counts only the metrics the caller may read, also inside an embed', async () => {
      const visible = await rows(lucia.from('analytics_metrics').select('project_id, value'))
      expect(visible.length).toBeGreaterThan(0)
      const bySum = new Map<string, { count: number; sum: number }>()
      for (const { project_id, value } of visible as Array<{ project_id: string; value: number }>) {
        const entry = bySum.get(project_id) ?? { count: 0, sum: 0 }
        bySum.set(project_id, { count: entry.count + 1, sum: entry.sum + Number(value) })
      }
      const grouped = (await rows(
        lucia.from('analytics_metrics').select('project_id, count(), total:value.sum()'),
      )) as Array<{ project_id: string; count: number; total: number }>
      expect(grouped.map((row) => row.project_id).sort()).toEqual([...bySum.keys()].sort())
      for (const row of grouped) {
        expect(row.count).toBe(bySum.get(row.project_id)!.count)
        expect(row.total).toBeCloseTo(bySum.get(row.project_id)!.sum, 4)
      }
      // Another organization's project, named outright, has nothing to count for her.
      expect(
        await rows(lucia.from('analytics_metrics').select('count()').eq('project_id', projects.kunturScoring)),
      ).toEqual([{ count: 0 }])
      const all = await rows(
        bed.service.from('analytics_metrics').select('count()').eq('project_id', projects.kunturScoring),
      )
      expect(all[0]!.count).toBeGreaterThan(0)
      // Per project in an embed: the projects she sees, each with her count of its metrics.
      const embedded = (await rows(lucia.from('projects').select('id, analytics_metrics(count())'))) as Array<{
        id: string
        analytics_metrics: Array<{ count: number }>
      }>
      for (const project of embedded)
        expect(project.analytics_metrics, project.id).toEqual([{ count: bySum.get(project.id)?.count ?? 0 }])
    })

    it('runs ANALYZE as the caller: the rows scanned are hers', async () => {
      const seen = await rows(lucia.from('projects').select('id'))
      const { data, error } = await lucia.from('projects').select('id').explain({ analyze: true, format: 'json' })
      expect(error).toBeNull()
      const plan = JSON.stringify(data)
      // The top node returns one row (the JSON body); the scan under it returns hers only.
      const actual = [...plan.matchAll(/"Relation Name":"projects"[^{}]*?"Actual Rows":(\d+)/g)].map((m) =>
        Number(m[1]),
      )
      expect(actual).toEqual([seen.length])
    })

    it('undoes what a client may change with tx=rollback, and changes nothing she may not', async () => {
      const before = await tableRows(bed, 'tasks')
      const own = await lucia
        .from('tasks')
        .update({ status: 'done' })
        .eq('id', tasks.riberaForLucia)
        .select('status')
        .rollback()
      expect(own).toMatchObject({ status: 200, error: null, data: [{ status: 'done' }] })
      const colleague = await lucia
        .from('tasks')
        .update({ status: 'done' })
        .eq('id', tasks.riberaForJames)
        .select('id')
        .rollback()
      expect(colleague).toMatchObject({ status: 200, data: [] })
      const other = await daniel.from('tasks').update({ status: 'done' }).eq('id', tasks.riberaForLucia).select('id')
      expect(other).toMatchObject({ status: 200, data: [] })
      expect(await tableRows(bed, 'tasks')).toEqual(before)
    })
  })

  describe('hostile input', () => {
    it('answers a select of thousands of aggregates, as long as a URL may be, without a 500', async () => {
      const many = await bed.raw(`/rt_books?select=${'count(),'.repeat(1500)}pages.sum()`)
      expect(many.status).toBe(200)
      const [row] = (await many.json()) as Array<Record<string, number>>
      const one = await bed.anon.from('rt_books').select('count(), pages.sum()')
      expect(one.data).toEqual([row])
    })

    it('refuses malformed and unknown aggregate functions with PGRST100', async () => {
      for (const select of [
        'pages.pg_sleep()',
        'pages.SUM()',
        'pages.sum()()',
        'pages.sum(1)',
        'count()::',
        `${'count(,'.repeat(3000)}`,
        `pages.sum()${'::int'.repeat(3)}`,
      ]) {
        const response = await bed.raw(`/rt_books?select=${encodeURIComponent(select)}`)
        expect(response.status, select.slice(0, 40)).toBe(400)
        expect(((await response.json()) as { code: string }).code, select.slice(0, 40)).toBe('PGRST100')
      }
    })

    it('reads a function-like name as an embed, as PostgREST does: no such relationship', async () => {
      const { status, error } = await bed.anon.from('rt_books').select('pg_sleep(10)')
      expect(status).toBe(400)
      expect(error).toMatchObject({ code: 'PGRST200' })
    })

    it('counts nothing on a table the caller has no rights on: the same refusal as a plain read', async () => {
      const plain = await bed.anon.from('rt_secrets').select('id')
      const counted = await bed.anon.from('rt_secrets').select('count()')
      expect(counted.status).toBe(plain.status)
      expect(counted.error).toEqual(plain.error)
      expect(counted.error).toMatchObject({ code: '42501' })
    })

    it('reads plan options as PostgREST does: unknown ones dropped, an unknown `for` refused with 406', async () => {
      const dropped = await bed.raw('/rt_books?select=id', {
        headers: { Accept: `application/vnd.pgrst.plan+json; options=evil|${'verbose|'.repeat(2000)}` },
      })
      expect(dropped.status).toBe(200)
      expect(dropped.headers.get('content-type')).toBe(
        'application/vnd.pgrst.plan+json; for="application/json"; options=verbose; charset=utf-8',
      )
      const unknown = await bed.raw('/rt_books?select=id', {
        headers: { Accept: 'application/vnd.pgrst.plan+json; for="text/evil"' },
      })
      expect(unknown.status).toBe(406)
      expect(await unknown.json()).toMatchObject({
        code: 'PGRST107',
        message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="text/evil"',
      })
    })
  })
})

// The same switches in the database, as a Supabase project sets them (`alter role authenticator set
// pgrst.…`), over the server's settings as in PostgREST; and a transaction end the other way round,
// every request undone unless it asks to commit. None of it depends on the engine: one database.
describeOnOneDatabase('REST opt-in features set in the database on %s', (kind) => {
  const bed = useRestBed(kind, { REST_DB_PLAN_ENABLED: 'true' })
  beforeAll(async () => {
    // This database only: a PostgreSQL cluster's roles are shared by the other test files' databases.
    await bed.server.deps.db.exec(`
      do $$ begin
        execute format('alter role authenticator in database %I set pgrst.db_tx_end = %L', current_database(), 'rollback-allow-override');
        execute format('alter role authenticator in database %I set pgrst.db_aggregates_enabled = %L', current_database(), 'TRUE');
        execute format('alter role authenticator in database %I set pgrst.db_plan_enabled = %L', current_database(), 'false');
      end $$;
    `)
  })

  const pagesOf = async (id: number) => (await bed.anon.from('rt_books').select('pages').eq('id', id).single()).data

  it('takes aggregates and plans from the database, over the server’s settings', async () => {
    expect(await bed.anon.from('rt_books').select('count()')).toMatchObject({ status: 200, data: [{ count: 5 }] })
    const plan = await bed.anon.from('rt_books').select('id').explain()
    expect(plan).toMatchObject({ status: 406, error: { code: 'PGRST107' } })
  })

  it('answers every write as done and undoes it, unless the request prefers tx=commit', async () => {
    const undone = await bed.alice.from('rt_books').update({ pages: 500 }).eq('id', 1).select('pages')
    expect(undone).toMatchObject({ status: 200, error: null, data: [{ pages: 500 }] })
    expect(await pagesOf(1)).toEqual({ pages: 183 })
    const kept = await bed.raw('/rt_books?id=eq.1', {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${bed.aliceToken}`, 'Content-Type': 'application/json', Prefer: 'tx=commit' },
      body: JSON.stringify({ pages: 501 }),
    })
    expect(kept.status).toBe(204)
    expect(kept.headers.get('preference-applied')).toBe('tx=commit')
    expect(await pagesOf(1)).toEqual({ pages: 501 })
    // Row-level security still decides: another owner's book is not touched, committed or not.
    const other = await bed.raw('/rt_books?id=eq.4&select=id', {
      method: 'PATCH',
      headers: {
        Authorization: `Bearer ${bed.aliceToken}`,
        'Content-Type': 'application/json',
        Prefer: 'return=representation, tx=commit',
      },
      body: JSON.stringify({ pages: 1 }),
    })
    expect(other.status).toBe(200)
    expect(await other.json()).toEqual([])
    expect(await pagesOf(4)).toEqual({ pages: 264 })
  })
})
