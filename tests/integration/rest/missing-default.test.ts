// `Prefer: missing=default` (supabase-js `defaultToNull: false`) as PostgREST applies it: the
// written columns' defaults are merged under every row, so each default is evaluated once per row
// even where the row gives the column (a serial or identity draws its next value either way), a
// row lacking a column without a default gets NULL, and row-level security still decides.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import { startRestBed, userA, type RestBed } from './support/fixture'

describeEachDatabase('REST missing=default on %s', (kind) => {
  let bed: RestBed
  const nextSerial = async (sequence: string) =>
    Number((await bed.server.deps.db.query<{ v: string }>(`select nextval('${sequence}')::text as v`)).rows[0]!.v)

  beforeAll(async () => {
    bed = await startRestBed(kind)
    await bed.server.deps.db.exec(`
      create table public.rt_channels (id serial primary key, slug text, data jsonb, kind text not null default 'public');
      grant select, insert, update on public.rt_channels to anon, authenticated, service_role;
      grant usage on sequence public.rt_channels_id_seq to anon, authenticated, service_role;
      alter table public.rt_channels enable row level security;
      create policy rt_channels_read on public.rt_channels for select using (true);
      create policy rt_channels_public on public.rt_channels for insert with check (kind = 'public');
      create policy rt_channels_update on public.rt_channels for update using (true);
    `)
  })
  afterAll(() => bed.close())

  it('evaluates every default for every row, a serial drawn even for a row that gives its id', async () => {
    const before = await nextSerial('public.rt_channels_id_seq')
    const inserted = await bed.anon
      .from('rt_channels')
      .insert([{ id: 1000 }, { slug: 'second' }], { defaultToNull: false })
      .select('id, slug, data, kind')
    expect(inserted).toMatchObject({
      status: 201,
      data: [
        { id: 1000, slug: null, data: null, kind: 'public' },
        // The first row drew before + 1 and kept its own id; the second took the next.
        { id: before + 2, slug: 'second', data: null, kind: 'public' },
      ],
    })
    // An upsert merging onto an existing row draws too (PostgreSQL evaluates the row before the conflict).
    const upserted = await bed.anon
      .from('rt_channels')
      .upsert([{ id: 1000, slug: 'merged' }, { slug: 'third' }], { defaultToNull: false })
      .select('id, slug, kind')
      .order('id')
    expect(upserted).toMatchObject({
      status: 201,
      data: [
        { id: before + 4, slug: 'third', kind: 'public' },
        { id: 1000, slug: 'merged', kind: 'public' },
      ],
    })
    // Without missing=default a missing key is NULL, so the NOT NULL column refuses the row
    // (the service role, past the policy that would refuse it first).
    const nulls = await bed.service.from('rt_channels').insert([{ slug: 'x', kind: 'public' }, { slug: 'y' }])
    expect(nulls.error).toMatchObject({ code: '23502' })
  })

  it('keeps row-level security and the caller: a default that breaks a policy is refused, auth.uid() is the caller', async () => {
    // A row whose given kind breaks the policy is refused; the default alone passes it.
    const refused = await bed.anon
      .from('rt_channels')
      .insert([{ slug: 'a' }, { slug: 'b', kind: 'private' }], { defaultToNull: false })
    expect(refused.error).toMatchObject({ code: '42501' })
    // rt_authors.owner_id defaults to auth.uid(): evaluated per row as the signed-in caller.
    const mine = await bed.alice
      .from('rt_authors')
      .insert([{ name: 'Default owner one' }, { name: 'Default owner two', country: 'ES' }], { defaultToNull: false })
      .select('name, owner_id, meta')
    expect(mine.error).toBeNull()
    expect(mine.data).toEqual([
      { name: 'Default owner one', owner_id: userA, meta: {} },
      { name: 'Default owner two', owner_id: userA, meta: {} },
    ])
  })

  it('answers hostile rows with a 4xx: a bad value for a defaulted column, and a body that is not rows', async () => {
    const bad = await bed.anon.from('rt_channels').insert([{ id: 'not-a-number' }, {}], { defaultToNull: false })
    expect(bad.status).toBe(400)
    expect(bad.error).toMatchObject({ code: '22P02' })
    const scalar = await bed.raw('/rt_channels', {
      method: 'POST',
      headers: { 'content-type': 'application/json', prefer: 'missing=default' },
      body: '[1, 2]',
    })
    expect(scalar.status).toBeGreaterThanOrEqual(400)
    expect(scalar.status).toBeLessThan(500)
  })
})
