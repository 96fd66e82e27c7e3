// PostgREST behaviours supabase-js relies on, beyond plain reads and writes: upsert statuses,
// missing=default, max-affected on rpc, functions filtered to nothing, a single unnamed json
// parameter, overloads, computed fields and relationships, self-referencing keys and planned or
// estimated counts (PostgREST 12/13 as Supabase runs it).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import { startRestBed, type RestBed } from './support/fixture'

const schema = `
create table public.rt_people (
  id integer primary key,
  name text not null,
  parent_id integer references public.rt_people (id)
);
grant select, insert, update, delete on public.rt_people to anon, authenticated, service_role;
insert into public.rt_people values (1, 'Root', null), (2, 'Ana', 1), (3, 'Bea', 1), (4, 'Cris', 2);
create table public.rt_many (id integer primary key);
grant select on public.rt_many to anon, authenticated, service_role;
insert into public.rt_many select generate_series(1, 1500);
analyze public.rt_many;

create function public.rt_book_label(public.rt_books) returns text language sql stable
  as $$ select $1.title || ' (' || coalesce($1.pages::text, '?') || ' pages)' $$;
create function public.rt_reviews_of(public.rt_books) returns setof public.rt_reviews language sql stable
  as $$ select * from public.rt_reviews where book_id = $1.id order by id $$;
create function public.rt_writer(public.rt_books) returns setof public.rt_authors rows 1 language sql stable
  as $$ select * from public.rt_authors where id = $1.author_id $$;

create function public.rt_echo(jsonb) returns jsonb language sql immutable as $$ select $1 $$;
create function public.rt_double(integer) returns integer language sql immutable as $$ select $1 * 2 $$;
create function public.rt_shout(text) returns text language sql immutable as $$ select upper($1) $$;
create function public.rt_size(bytea) returns integer language sql immutable as $$ select length($1) $$;
create function public.rt_pick(boolean) returns text language sql immutable as $$ select 'bool' $$;
create function public.rt_pick(integer) returns text language sql immutable as $$ select 'int' $$;
create function public.rt_pick(text) returns text language sql immutable as $$ select 'text' $$;
create function public.rt_shape(n integer) returns text language sql immutable as $$ select 'one:' || n $$;
create function public.rt_shape(n integer, m integer) returns text language sql immutable as $$ select 'two:' || (n + m) $$;
create function public.rt_shape(label text) returns text language sql immutable as $$ select 'label:' || label $$;
create function public.rt_same(x integer) returns text language sql immutable as $$ select 'int' $$;
create function public.rt_same(x text) returns text language sql immutable as $$ select 'text' $$;
-- Created in the reverse of PostgREST's order, which its PGRST203 message follows.
create function public.rt_tie(v text default 'x') returns text language sql immutable as $$ select v $$;
create function public.rt_tie() returns text language sql immutable as $$ select 'none' $$;
create function public.rt_kind(x text) returns text language sql immutable as $$ select 'text' $$;
create function public.rt_kind(x integer) returns text language sql immutable as $$ select 'int' $$;
create function public.rt_noted(x integer) returns text language sql immutable as $$ select 'int' $$;
create function public.rt_noted(x text) returns text language sql immutable as $$ select 'text' $$;
comment on function public.rt_noted(integer) is 'Counts.';

create function public.rt_retag(tag text) returns setof public.rt_books language sql
  as $$ update public.rt_books set tags = tags || tag where available returning * $$;
`

/** supabase-js's maxAffected(), which its types offer only to clients typed for PostgREST 13. */
const maxAffected = <T>(builder: T, rows: number): T =>
  (builder as unknown as { maxAffected(rows: number): T }).maxAffected(rows)

describeEachDatabase('REST PostgREST parity on %s', (kind) => {
  let bed: RestBed
  const tagged = async (tag: string) => {
    const { rows } = await bed.server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from public.rt_books where $1 = any (tags)',
      [tag],
    )
    return rows[0]?.n
  }

  beforeAll(async () => {
    bed = await startRestBed(kind)
    await bed.server.deps.db.exec(schema)
  })
  afterAll(() => bed.close())

  it('answers a merging upsert 201 when it inserted a row and 200 when it only merged', async () => {
    const merged = await bed.service.from('rt_authors').upsert({ id: 4, name: 'Anonymous', country: 'PE' })
    expect(merged).toMatchObject({ status: 200, error: null })
    const mergedRows = await bed.service.from('rt_authors').upsert({ id: 4, name: 'Anonymous' }).select('id')
    expect(mergedRows).toMatchObject({ status: 200, data: [{ id: 4 }] })
    const mixed = await bed.service.from('rt_authors').upsert([
      { id: 4, name: 'Anonymous' },
      { id: 300, name: 'Brand New' },
    ])
    expect(mixed.status).toBe(201)
    const ignored = await bed.service
      .from('rt_authors')
      .upsert({ id: 300, name: 'Other' }, { ignoreDuplicates: true })
      .select('id')
    // ignore-duplicates answers 201 even when every row was skipped (PostgREST's rule).
    expect(ignored).toMatchObject({ status: 201, data: [] })
    const inserted = await bed.service.from('rt_authors').upsert({ id: 301, name: 'Newer' }, { ignoreDuplicates: true })
    expect(inserted.status).toBe(201)
  })

  it('gives columns missing from some rows their defaults with missing=default, in inserts and upserts', async () => {
    const rows = [
      { id: 400, name: 'With meta', meta: { a: 1 } },
      { id: 401, name: 'Without meta' },
    ]
    const nulls = await bed.service.from('rt_authors').upsert(rows)
    expect(nulls.error).toMatchObject({ code: '23502' })
    const defaults = await bed.service
      .from('rt_authors')
      .upsert(rows, { defaultToNull: false })
      .select('id, meta')
      .order('id')
    expect(defaults).toMatchObject({
      status: 201,
      data: [
        { id: 400, meta: { a: 1 } },
        { id: 401, meta: {} },
      ],
    })
  })

  it('refuses an rpc returning more rows than max-affected under handling=strict, undoing it', async () => {
    const refused = await maxAffected(bed.service.rpc('rt_retag', { tag: 'strict' }).select('id'), 2)
    expect(refused.status).toBe(400)
    expect(refused.error).toMatchObject({
      code: 'PGRST124',
      message: 'Query result exceeds max-affected preference constraint',
    })
    expect(await tagged('strict')).toBe(0)
    const allowed = await maxAffected(bed.service.rpc('rt_retag', { tag: 'lenient' }).select('id'), 100)
    expect(allowed.status).toBe(200)
    expect(await tagged('lenient')).toBeGreaterThan(2)
    const filtered = await maxAffected(bed.service.rpc('rt_retag', { tag: 'filtered' }).select('id').eq('id', 1), 1)
    expect(filtered.status).toBe(200)
    const single = await maxAffected(bed.service.rpc('rt_add', { a: 1, b: 2 }), 5)
    expect(single.status).toBe(400)
    expect(single.error).toMatchObject({ code: 'PGRST128' })
    const writes = await maxAffected(bed.service.from('rt_books').update({ pages: 1 }).gt('id', 0), 1)
    expect(writes.error).toMatchObject({ code: 'PGRST124' })
  })

  it('answers [] for a set-returning rpc and null for a one-row rpc filtered to nothing, single() too', async () => {
    const set = await bed.anon.rpc('rt_books_by', { author: 1 }).select('id').eq('id', 999)
    expect(set).toMatchObject({ status: 200, data: [], error: null })
    const one = await bed.anon.rpc('rt_first_book').select('id').eq('id', 999)
    expect(one).toMatchObject({ status: 200, data: null, error: null })
    const kept = await bed.anon.rpc('rt_first_book').select('id').eq('id', 1)
    expect(kept.data).toEqual({ id: 1 })
    const single = await bed.anon.rpc('rt_first_book').select('id').eq('id', 999).single()
    expect(single).toMatchObject({ status: 200, data: null, error: null })
    const setSingle = await bed.anon.rpc('rt_books_by', { author: 1 }).select('id').eq('id', 999).single()
    expect(setSingle.error).toMatchObject({ code: 'PGRST116' })
  })

  it('passes the whole body to a function with one unnamed json parameter', async () => {
    expect((await bed.anon.rpc('rt_echo', { a: [1, 2], b: 'x' })).data).toEqual({ a: [1, 2], b: 'x' })
    expect((await bed.anon.rpc('rt_echo', { '': 5 })).data).toEqual({ '': 5 })
    const array = await bed.raw('/rpc/rt_echo', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '[1, 2, 3]',
    })
    expect(array.status).toBe(200)
    expect(await array.json()).toEqual([1, 2, 3])
  })

  it('matches {"": value} to an unnamed text parameter and raw text or bytes by media type', async () => {
    expect((await bed.anon.rpc('rt_shout', { '': 'hi' })).data).toBe('{"":"HI"}')
    expect((await bed.anon.rpc('rt_pick', { '': true })).data).toBe('text')
    const text = await bed.raw('/rpc/rt_shout', {
      method: 'POST',
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'hello',
    })
    expect(await text.json()).toBe('HELLO')
    const bytes = await bed.raw('/rpc/rt_size', {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array([0, 1, 2, 255]),
    })
    expect(await bytes.json()).toBe(4)
    const noTextFunction = await bed.raw('/rpc/rt_add', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: 'x',
    })
    expect(noTextFunction.status).toBe(404)
    expect(await noTextFunction.json()).toMatchObject({
      code: 'PGRST202',
      details: expect.stringContaining('or with a single unnamed text parameter'),
      hint: null,
    })
  })

  it('answers 404 PGRST202, never a SQL error, for other unnamed parameters', async () => {
    for (const call of [bed.anon.rpc('rt_double', { '': 2 }), bed.anon.rpc('rt_double', { '': 2 }, { get: true })]) {
      const result = await call
      expect(result.status).toBe(404)
      expect(result.error).toMatchObject({ code: 'PGRST202' })
    }
    expect((await bed.anon.rpc('rt_double', { '': 2 })).error).toMatchObject({
      message: 'Could not find the function public.rt_double() in the schema cache',
    })
    const emptyKey = await bed.anon.rpc('rt_add', { '': 1, a: 1, b: 2 })
    expect(emptyKey.error).toMatchObject({ code: 'PGRST202' })
  })

  it('chooses among overloaded functions by argument names, 300 PGRST203 when they cannot tell', async () => {
    expect((await bed.anon.rpc('rt_shape', { n: 1 })).data).toBe('one:1')
    expect((await bed.anon.rpc('rt_shape', { n: 1, m: 2 })).data).toBe('two:3')
    expect((await bed.anon.rpc('rt_shape', { label: 'x' }, { get: true })).data).toBe('label:x')
    const ambiguous = await bed.anon.rpc('rt_same', { x: 1 })
    expect(ambiguous.status).toBe(300)
    expect(ambiguous.error).toMatchObject({ code: 'PGRST203' })
  })

  it('lists PGRST203 candidates in PostgREST’s order: fewer parameters, then comment, then parameters', async () => {
    const messages = async (fn: string, args: Record<string, unknown>) =>
      (await bed.anon.rpc(fn, args)).error?.message.replace(
        'Could not choose the best candidate function between: ',
        '',
      )
    expect((await bed.anon.rpc('rt_tie')).error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.rt_tie(), public.rt_tie(v => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    })
    expect(await messages('rt_kind', { x: 1 })).toBe('public.rt_kind(x => integer), public.rt_kind(x => text)')
    // A function without a comment comes before one with a comment.
    expect(await messages('rt_noted', { x: 1 })).toBe('public.rt_noted(x => text), public.rt_noted(x => integer)')
  })

  it('reads, filters and orders computed fields, in tables, embeds, rpc rows and written rows', async () => {
    const read = await bed.anon
      .from('rt_books')
      .select('id, rt_book_label')
      .like('rt_book_label', '%pages)')
      .in('id', [1, 4])
      .order('rt_book_label', { ascending: false })
    expect(read.data).toEqual([
      { id: 4, rt_book_label: 'Kindred (264 pages)' },
      { id: 1, rt_book_label: 'A Wizard of Earthsea (183 pages)' },
    ])
    const star = await bed.anon.from('rt_books').select('*').eq('id', 1).single()
    expect(star.data).not.toHaveProperty('rt_book_label')
    const embedded = await bed.anon
      .from('rt_authors')
      .select('name, rt_books(label:rt_book_label)')
      .eq('id', 3)
      .single()
    expect(embedded.data).toEqual({
      name: 'Octavia Butler',
      rt_books: [{ label: 'Kindred (264 pages)' }, { label: 'Parable of the Sower (345 pages)' }],
    })
    const rpc = await bed.anon.rpc('rt_books_by', { author: 2 }).select('rt_book_label')
    expect(rpc.data).toEqual([{ rt_book_label: 'Cien años de soledad (417 pages)' }])
    const written = await bed.service
      .from('rt_books')
      .insert({ id: 500, title: 'Computed', pages: 7 })
      .select('rt_book_label')
      .single()
    expect(written.data).toEqual({ rt_book_label: 'Computed (7 pages)' })
    const unknown = await bed.anon.from('rt_books').select('rt_book_labl')
    expect(unknown.error).toMatchObject({ code: '42703' })
  })

  it('embeds computed relationships: to-many for a set, to-one with rows 1', async () => {
    const result = await bed.anon
      .from('rt_books')
      .select('id, rt_reviews_of(stars), rt_writer(name)')
      .eq('id', 1)
      .single()
    expect(result.data).toEqual({
      id: 1,
      rt_reviews_of: [{ stars: 5 }, { stars: 4 }],
      rt_writer: { name: 'Ursula K. Le Guin' },
    })
    const inner = await bed.anon
      .from('rt_books')
      .select('id, rt_reviews_of!inner(stars)')
      .eq('rt_reviews_of.stars', 4)
      .order('id')
    expect(inner.data).toEqual([
      { id: 1, rt_reviews_of: [{ stars: 4 }] },
      { id: 4, rt_reviews_of: [{ stars: 4 }] },
    ])
    const ordered = await bed.anon
      .from('rt_books')
      .select('id, rt_writer(name)')
      .in('id', [1, 4])
      .order('rt_writer(name)', { ascending: false })
    expect(ordered.data?.map((row) => row.id)).toEqual([1, 4])
  })

  it('embeds a self-referencing key: the column for the parent, the table for the children', async () => {
    const result = await bed.anon
      .from('rt_people')
      .select('name, parent:parent_id(name), children:rt_people(name), kids:rt_people!parent_id(name)')
      .eq('id', 2)
      .single()
    expect(result.data).toEqual({
      name: 'Ana',
      parent: { name: 'Root' },
      children: [{ name: 'Cris' }],
      kids: [{ name: 'Cris' }],
    })
    const roots = await bed.anon.from('rt_people').select('name, rt_people!inner(name)').is('parent_id', null)
    expect(roots.data).toEqual([{ name: 'Root', rt_people: [{ name: 'Ana' }, { name: 'Bea' }] }])
  })

  it('answers count=planned with the planner estimate and count=estimated exactly below max_rows', async () => {
    await bed.server.deps.db.exec('analyze public.rt_people')
    const planned = await bed.service.from('rt_people').select('id', { count: 'planned', head: true })
    expect(planned).toMatchObject({ status: 200, count: 4 })
    const estimated = await bed.anon.from('rt_people').select('id', { count: 'estimated' }).gt('id', 1)
    expect(estimated).toMatchObject({ count: 3 })
    const partial = await bed.anon.from('rt_people').select('id', { count: 'estimated' }).range(0, 1)
    expect(partial).toMatchObject({ status: 206, count: 4 })
    // Past max_rows (1000): the larger of the count stopped at 1001 and the planner's estimate.
    const many = await bed.anon.from('rt_many').select('id', { count: 'estimated', head: true })
    expect(many.count).toBeGreaterThan(1001)
    expect((await bed.anon.from('rt_many').select('id', { count: 'planned', head: true })).count).toBe(many.count)
    const filtered = await bed.anon.from('rt_books').select('id', { count: 'planned' }).eq('author_id', 1)
    expect(filtered.status).toBeLessThan(300)
    expect(typeof filtered.count).toBe('number')
  })
})
