// Vertical filtering and resource embedding through supabase-js: columns, aliases, casts, JSON paths,
// types as PostgreSQL serializes them, and embeds both ways with !inner, hints, nesting, embedded
// filters/order/limit, spreads, and `rel=not.is.null`.
import { expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import { useRestBed } from './support/fixture'

describeOnOneDatabase('REST select and embedding on %s', (kind) => {
  const bed = useRestBed(kind)

  it('serializes every column type as PostgreSQL does', async () => {
    const { data, error } = await bed.anon.from('rt_books').select('*').eq('id', 1).single()
    expect(error).toBeNull()
    expect(data).toEqual({
      id: 1,
      title: 'A Wizard of Earthsea',
      author_id: 1,
      price: 12.5,
      pages: 183,
      tags: ['fantasy', 'classic'],
      published_at: '1968-11-01T00:00:00+00:00',
      available: true,
      owner_id: '00000000-0000-4000-8000-00000000000a',
    })
    const author = await bed.anon.from('rt_authors').select('born, meta').eq('id', 1).single()
    expect(author.data).toEqual({ born: '1929-10-21', meta: { genres: ['sf', 'fantasy'], awards: 5 } })
  })

  it('selects columns in the order asked, with aliases and casts', async () => {
    const { data } = await bed.anon.from('rt_books').select('book:title, pages::text, id').eq('id', 4)
    expect(data).toEqual([{ book: 'Kindred', pages: '264', id: 4 }])
    expect(Object.keys(data?.[0] ?? {})).toEqual(['book', 'pages', 'id'])
  })

  it('reads into JSON with -> and ->>', async () => {
    const { data } = await bed.anon
      .from('rt_authors')
      .select('name, meta->genres, first:meta->genres->>0, awards:meta->>awards')
      .eq('id', 1)
      .single()
    expect(data).toEqual({ name: 'Ursula K. Le Guin', genres: ['sf', 'fantasy'], first: 'sf', awards: '5' })
  })

  it('embeds a many-to-one relation as an object, or null', async () => {
    const { data } = await bed.alice.from('rt_books').select('id, rt_authors(name)').in('id', [1, 6]).order('id')
    expect(data).toEqual([
      { id: 1, rt_authors: { name: 'Ursula K. Le Guin' } },
      { id: 6, rt_authors: null },
    ])
  })

  it('embeds a one-to-many relation as an array, empty when nothing matches', async () => {
    const { data } = await bed.anon
      .from('rt_authors')
      .select('name, books:rt_books(title)')
      .order('id')
      .order('id', { referencedTable: 'books' })
    expect(data).toEqual([
      { name: 'Ursula K. Le Guin', books: [{ title: 'A Wizard of Earthsea' }, { title: 'The Left Hand of Darkness' }] },
      { name: 'Gabriel García Márquez', books: [{ title: 'Cien años de soledad' }] },
      { name: 'Octavia Butler', books: [{ title: 'Kindred' }, { title: 'Parable of the Sower' }] },
      { name: 'Anonymous', books: [] },
    ])
  })

  it('embeds a one-to-one relation as an object from both sides', async () => {
    const authors = await bed.anon.from('rt_authors').select('id, rt_author_bios(bio)').in('id', [1, 2]).order('id')
    expect(authors.data).toEqual([
      { id: 1, rt_author_bios: { bio: 'Wrote Earthsea' } },
      { id: 2, rt_author_bios: null },
    ])
    const bios = await bed.anon.from('rt_author_bios').select('bio, rt_authors(name)').eq('author_id', 3)
    expect(bios.data).toEqual([{ bio: 'MacArthur fellow', rt_authors: { name: 'Octavia Butler' } }])
  })

  it('filters, orders and limits inside an embed', async () => {
    const { data } = await bed.anon
      .from('rt_authors')
      .select('id, rt_books(id, pages)')
      .in('id', [1, 3])
      .gt('rt_books.pages', 200)
      .order('id')
      .order('pages', { referencedTable: 'rt_books', ascending: false })
      .limit(1, { referencedTable: 'rt_books' })
    expect(data).toEqual([
      { id: 1, rt_books: [{ id: 2, pages: 304 }] },
      { id: 3, rt_books: [{ id: 5, pages: 345 }] },
    ])
    const ranged = await bed.anon
      .from('rt_authors')
      .select('id, rt_books(id)')
      .eq('id', 1)
      .order('id', { referencedTable: 'rt_books' })
      .range(1, 1, { referencedTable: 'rt_books' })
    expect(ranged.data).toEqual([{ id: 1, rt_books: [{ id: 2 }] }])
    const ored = await bed.anon
      .from('rt_books')
      .select('id, rt_reviews(stars)')
      .eq('id', 1)
      .or('stars.eq.5,body.is.null', { referencedTable: 'rt_reviews' })
      .order('stars', { referencedTable: 'rt_reviews' })
    expect(ored.data).toEqual([{ id: 1, rt_reviews: [{ stars: 4 }, { stars: 5 }] }])
  })

  it('drops parents without a match with !inner', async () => {
    const inner = await bed.anon
      .from('rt_authors')
      .select('name, rt_books!inner(title)')
      .eq('rt_books.title', 'Kindred')
    expect(inner.data).toEqual([{ name: 'Octavia Butler', rt_books: [{ title: 'Kindred' }] }])
    const left = await bed.anon
      .from('rt_authors')
      .select('id, rt_books(title)')
      .eq('rt_books.title', 'Kindred')
      .order('id')
    expect(left.data?.map((row) => row.rt_books.length)).toEqual([0, 0, 1, 0])
    const toOne = await bed.anon
      .from('rt_books')
      .select('title, rt_authors!inner(country)')
      .eq('rt_authors.country', 'CO')
    expect(toOne.data).toEqual([{ title: 'Cien años de soledad', rt_authors: { country: 'CO' } }])
    const filterOnly = await bed.anon
      .from('rt_books')
      .select('title, rt_authors!inner()')
      .eq('rt_authors.country', 'CO')
    expect(filterOnly.data).toEqual([{ title: 'Cien años de soledad' }])
  })

  it('filters parents on whether an embed exists with rel=is.null and rel=not.is.null', async () => {
    const withBio = await bed.anon
      .from('rt_authors')
      .select('id, rt_author_bios(bio)')
      .not('rt_author_bios', 'is', null)
      .order('id')
    expect(withBio.data?.map((row) => row.id)).toEqual([1, 3])
    const withoutBio = await bed.anon
      .from('rt_authors')
      .select('id, rt_author_bios(bio)')
      .is('rt_author_bios', null)
      .order('id')
    expect(withoutBio.data?.map((row) => row.id)).toEqual([2, 4])
  })

  it('chooses among several foreign keys with a constraint-name or column hint', async () => {
    const byConstraint = await bed.anon
      .from('rt_reviews')
      .select(
        'id, reviewer:rt_authors!rt_reviews_reviewer_id_fkey(name), subject:rt_authors!rt_reviews_subject_id_fkey(name)',
      )
      .eq('id', 2)
      .single()
    expect(byConstraint.data).toEqual({
      id: 2,
      reviewer: { name: 'Ursula K. Le Guin' },
      subject: { name: 'Octavia Butler' },
    })
    const byColumn = await bed.anon.from('rt_reviews').select('id, rt_authors!reviewer_id(name)').eq('id', 2).single()
    expect(byColumn.data).toEqual({ id: 2, rt_authors: { name: 'Ursula K. Le Guin' } })
    const byFkColumn = await bed.anon.from('rt_reviews').select('id, subject:subject_id(name)').eq('id', 2).single()
    expect(byFkColumn.data).toEqual({ id: 2, subject: { name: 'Octavia Butler' } })
    const reverse = await bed.anon
      .from('rt_authors')
      .select('id, rt_reviews!subject_id(stars)')
      .eq('id', 1)
      .order('id', { referencedTable: 'rt_reviews' })
      .single()
    expect(reverse.data).toEqual({ id: 1, rt_reviews: [{ stars: 5 }, { stars: 4 }] })
  })

  it('nests embeds and spreads a to-one embed into its parent', async () => {
    const nested = await bed.anon
      .from('rt_authors')
      .select('name, rt_books(title, rt_reviews(stars, reviewer:rt_authors!reviewer_id(name)))')
      .eq('id', 3)
      .order('id', { referencedTable: 'rt_books' })
      .single()
    expect(nested.data).toEqual({
      name: 'Octavia Butler',
      rt_books: [
        { title: 'Kindred', rt_reviews: [{ stars: 4, reviewer: { name: 'Ursula K. Le Guin' } }] },
        { title: 'Parable of the Sower', rt_reviews: [] },
      ],
    })
    const spread = await bed.anon
      .from('rt_reviews')
      .select('stars, ...rt_books(book:title, pages)')
      .eq('id', 2)
      .single()
    expect(spread.data).toEqual({ stars: 4, book: 'Kindred', pages: 264 })
  })

  it('counts rows with the legacy `count` field, at the top or in an embed', async () => {
    const embedded = await bed.anon.from('rt_authors').select('id, rt_books(count)').order('id').limit(2)
    expect(embedded.data).toEqual([
      { id: 1, rt_books: [{ count: 2 }] },
      { id: 2, rt_books: [{ count: 1 }] },
    ])
    const top = await bed.anon.from('rt_books').select('total:count').gt('pages', 300)
    expect(top.data).toEqual([{ total: 3 }])
    const mixed = await bed.anon.from('rt_books').select('id, count')
    expect(mixed.error).toMatchObject({ code: 'PGRST123' })
  })

  it('orders parents by a column of a to-one embed', async () => {
    const { data } = await bed.anon
      .from('rt_books')
      .select('id, rt_authors(name)')
      .in('id', [1, 3, 4])
      .order('rt_authors(name)', { ascending: false })
    expect(data?.map((row) => row.id)).toEqual([1, 4, 3])
  })

  it('strips null fields when asked', async () => {
    const { data } = await bed.anon
      .from('rt_books')
      .select('id, price, rt_authors(name, country)')
      .eq('id', 5)
      .stripNulls()
    expect(data).toEqual([{ id: 5, rt_authors: { name: 'Octavia Butler', country: 'US' } }])
  })

  it('reads the whole row with * beside embeds and renders wide objects in column order', async () => {
    const { data } = await bed.anon.from('rt_author_bios').select('*, rt_authors(*)').eq('author_id', 1).single()
    expect(Object.keys(data ?? {})).toEqual(['author_id', 'bio', 'rt_authors'])
    expect(Object.keys(data?.rt_authors ?? {})).toEqual(['id', 'name', 'country', 'born', 'meta', 'owner_id'])
    const wide = Array.from({ length: 60 }, (_, i) => `c${i}:id`).join(',')
    const row = await bed.anon.from('rt_books').select(wide).eq('id', 1).single()
    expect(Object.keys(row.data ?? {})).toHaveLength(60)
    expect((row.data as unknown as Record<string, number>).c59).toBe(1)
  })
})
