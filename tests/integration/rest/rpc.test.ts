// Functions through supabase-js rpc(): named arguments by POST and GET, defaults, scalars, sets of
// rows (which filter, order, page and embed like tables), sets of scalars, single(), void, errors.
import { expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import { userA, useRestBed } from './support/fixture'

describeOnOneDatabase('REST rpc on %s', (kind) => {
  const bed = useRestBed(kind)

  it('calls a scalar function with named arguments, by POST or GET', async () => {
    expect(await bed.anon.rpc('rt_add', { a: 1, b: 2 })).toMatchObject({ data: 3, error: null, status: 200 })
    expect((await bed.anon.rpc('rt_add', { b: 5, a: '2' }, { get: true })).data).toBe(7)
    expect((await bed.anon.rpc('rt_sum', { numbers: [1, 2, 3] })).data).toBe(6)
    expect((await bed.anon.rpc('rt_sum', { numbers: [4, 5] }, { get: true })).data).toBe(9)
  })

  it('uses parameter defaults', async () => {
    expect((await bed.anon.rpc('rt_greet')).data).toBe('hello world')
    expect((await bed.anon.rpc('rt_greet', { name: 'Ana' })).data).toBe('hello Ana')
  })

  it('filters, orders, selects, counts and embeds the rows of a set-returning function', async () => {
    const rows = await bed.anon.rpc('rt_books_by', { author: 3 }).select('id, title').order('id', { ascending: false })
    expect(rows.data).toEqual([
      { id: 5, title: 'Parable of the Sower' },
      { id: 4, title: 'Kindred' },
    ])
    const filtered = await bed.anon.rpc('rt_books_by', { author: 3 }, { count: 'exact' }).select('id').gt('pages', 300)
    expect(filtered).toMatchObject({ data: [{ id: 5 }], count: 1 })
    const embedded = await bed.anon.rpc('rt_books_by', { author: 1 }).select('title, rt_authors(name)').limit(1)
    expect(embedded.data).toEqual([{ title: 'A Wizard of Earthsea', rt_authors: { name: 'Ursula K. Le Guin' } }])
    const table = await bed.anon.rpc('rt_book_counts').eq('author', 'Octavia Butler')
    expect(table.data).toEqual([{ author: 'Octavia Butler', books: 2 }])
    const head = await bed.anon.rpc('rt_books_by', { author: 1 }, { head: true, count: 'exact' })
    expect(head).toMatchObject({ data: null, count: 2 })
  })

  it('answers an object for a function returning one row, and for single()', async () => {
    expect((await bed.anon.rpc('rt_first_book').select('id, title')).data).toEqual({
      id: 1,
      title: 'A Wizard of Earthsea',
    })
    const single = await bed.anon.rpc('rt_books_by', { author: 2 }).select('id').single()
    expect(single.data).toEqual({ id: 3 })
    const none = await bed.anon.rpc('rt_books_by', { author: 4 }).select('id').single()
    expect(none.status).toBe(406)
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows' })
  })

  it('answers an array for a set of scalars', async () => {
    expect((await bed.anon.rpc('rt_tags')).data).toEqual(['classic', 'dystopia', 'fantasy', 'magic realism', 'sf'])
    expect((await bed.anon.rpc('rt_tags').range(1, 2)).data).toEqual(['dystopia', 'fantasy'])
  })

  it('answers 204 for a void function, which runs read-write by POST and read-only by GET', async () => {
    const touched = await bed.service.rpc('rt_touch', { book: 1 })
    expect(touched).toMatchObject({ status: 204, data: null, error: null })
    const pages = await bed.service.from('rt_books').select('pages').eq('id', 1).single()
    expect(pages.data).toEqual({ pages: 184 })
    const readOnly = await bed.service.rpc('rt_touch', { book: 1 }, { get: true })
    expect(readOnly.status).toBe(405)
    expect(readOnly.error).toMatchObject({ code: '25006' })
  })

  it('runs as the caller, with the JWT claims visible to auth.uid() and auth.role()', async () => {
    expect((await bed.alice.rpc('rt_whoami')).data).toEqual({ role: 'authenticated', uid: userA })
    expect((await bed.anon.rpc('rt_whoami')).data).toEqual({ role: 'anon', uid: null })
  })

  it('reports RAISE EXCEPTION as 400 with its message', async () => {
    const result = await bed.anon.rpc('rt_fail', { message: 'Nope, not today' })
    expect(result.status).toBe(400)
    expect(result.error).toEqual({ code: 'P0001', message: 'Nope, not today', details: null, hint: null })
  })

  it('answers 404 PGRST202 for an unknown function or unknown argument names', async () => {
    const unknown = await bed.anon.rpc('rt_nope', { x: 1 })
    expect(unknown.status).toBe(404)
    expect(unknown.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rt_nope(x) in the schema cache',
      details:
        'Searched for the function public.rt_nope with parameter x or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    })
    const wrongArgs = await bed.anon.rpc('rt_add', { a: 1, c: 2 })
    expect(wrongArgs.status).toBe(404)
    expect(wrongArgs.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.rt_add(a, c) in the schema cache',
      hint: 'Perhaps you meant to call the function public.rt_add(a, b)',
    })
    const noArgs = await bed.anon.rpc('rt_add')
    expect(noArgs.error).toMatchObject({
      message: 'Could not find the function public.rt_add without parameters in the schema cache',
    })
  })

  it('reports a bad argument value as PostgreSQL does', async () => {
    const result = await bed.anon.rpc('rt_add', { a: 'one', b: 2 })
    expect(result.status).toBe(400)
    expect(result.error).toMatchObject({ code: '22P02', message: 'invalid input syntax for type integer: "one"' })
  })
})
