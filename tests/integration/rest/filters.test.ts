// Horizontal filtering through supabase-js: every operator, `not`, `or`/`and` nesting with quoted
// values, and ordering (several columns, nulls first/last). Anon sees books 1–5 (book 6 is a draft).
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import { startRestBed, type RestBed } from './support/fixture'

type Rows = { data: unknown; error: unknown }

function ids(result: Rows): number[] {
  expect(result.error).toBeNull()
  return (result.data as Array<{ id: number }>).map((row) => row.id)
}

describeOnOneDatabase('REST filters on %s', (kind) => {
  let bed: RestBed
  const books = () => bed.anon.from('rt_books').select('id').order('id')

  beforeAll(async () => {
    bed = await startRestBed(kind)
  })
  afterAll(() => bed.close())

  it('compares with eq, neq, gt, gte, lt and lte', async () => {
    expect(ids(await books().eq('author_id', 1))).toEqual([1, 2])
    expect(ids(await books().neq('author_id', 1))).toEqual([3, 4, 5])
    expect(ids(await books().gt('pages', 300))).toEqual([2, 3, 5])
    expect(ids(await books().gte('pages', 304))).toEqual([2, 3, 5])
    expect(ids(await books().lt('pages', 264))).toEqual([1])
    expect(ids(await books().lte('pages', 264))).toEqual([1, 4])
    expect(ids(await books().eq('published_at', '1979-06-01T00:00:00Z'))).toEqual([4])
  })

  it('ANDs repeated columns and match()', async () => {
    expect(ids(await books().gte('pages', 200).lte('pages', 350))).toEqual([2, 4, 5])
    expect(ids(await books().match({ author_id: 1, pages: 183 }))).toEqual([1])
  })

  it('matches patterns with like and ilike, with % or * as the wildcard', async () => {
    expect(ids(await books().like('title', '%of%'))).toEqual([1, 2, 5])
    expect(ids(await books().like('title', '*Sower'))).toEqual([5])
    expect(ids(await books().like('title', '%kindred%'))).toEqual([])
    expect(ids(await books().ilike('title', '%KINDRED%'))).toEqual([4])
    expect(ids(await books().likeAnyOf('title', ['%Sower', 'Kin%']))).toEqual([4, 5])
    expect(ids(await books().likeAllOf('title', ['%a%', '%e%']))).toEqual([1, 2, 3, 5])
    expect(ids(await books().ilikeAnyOf('title', ['kin%', 'cien%']))).toEqual([3, 4])
    expect(ids(await books().filter('title', 'match', '^K'))).toEqual([4])
    expect(ids(await books().filter('title', 'imatch', '^k'))).toEqual([4])
  })

  it('tests null and booleans with is', async () => {
    expect(ids(await books().is('price', null))).toEqual([5])
    expect(ids(await books().not('price', 'is', null))).toEqual([1, 2, 3, 4])
    expect(ids(await books().is('available', true))).toEqual([1, 2, 3, 4, 5])
    expect(ids(await books().is('available', false))).toEqual([])
    expect(ids(await books().filter('available', 'is', 'unknown'))).toEqual([])
    expect(ids(await books().filter('author_id', 'isdistinct', 1))).toEqual([3, 4, 5])
  })

  it('takes lists with in, including quoted values with commas and parentheses', async () => {
    expect(ids(await books().in('id', [1, 3, 99]))).toEqual([1, 3])
    expect(ids(await books().in('title', ['Kindred', 'Cien años de soledad']))).toEqual([3, 4])
    expect(ids(await books().in('title', ['Kindred', 'x, y (z)']))).toEqual([4])
    expect(ids(await books().not('id', 'in', '(1,2)'))).toEqual([3, 4, 5])
    expect(ids(await books().in('id', []))).toEqual([])
  })

  it('compares arrays and json with cs, cd and ov', async () => {
    expect(ids(await books().contains('tags', ['classic']))).toEqual([1, 2, 3])
    expect(ids(await books().containedBy('tags', ['sf', 'dystopia', 'classic']))).toEqual([2, 4, 5])
    expect(ids(await books().overlaps('tags', ['fantasy', 'dystopia']))).toEqual([1, 5])
    const authors = await bed.anon.from('rt_authors').select('id').contains('meta', { awards: 5 })
    expect(ids(authors)).toEqual([1])
  })

  it('filters on JSON paths', async () => {
    const awards = await bed.anon.from('rt_authors').select('id').eq('meta->>awards', '5')
    expect(ids(awards)).toEqual([1])
    const genre = await bed.anon.from('rt_authors').select('id').eq('meta->genres->>0', 'magic realism')
    expect(ids(genre)).toEqual([2])
  })

  it('searches text with fts, plfts, phfts and wfts', async () => {
    expect(ids(await books().textSearch('title', 'darkness'))).toEqual([2])
    expect(ids(await books().textSearch('title', "'left' & 'hand'", { config: 'english' }))).toEqual([2])
    expect(ids(await books().textSearch('title', 'wizard earthsea', { type: 'plain' }))).toEqual([1])
    expect(ids(await books().textSearch('title', 'left hand', { type: 'phrase' }))).toEqual([2])
    expect(ids(await books().textSearch('title', 'parable -wizard', { type: 'websearch' }))).toEqual([5])
  })

  it('negates any operator with not', async () => {
    expect(ids(await books().not('pages', 'gt', 300))).toEqual([1, 4])
    expect(ids(await books().not('title', 'ilike', '%the%'))).toEqual([1, 3, 4])
    expect(ids(await books().not('tags', 'cs', '{sf}'))).toEqual([1, 3])
  })

  it('combines with or, and nested and(), not.or and quoted values', async () => {
    expect(ids(await books().or('id.eq.1,pages.gt.400'))).toEqual([1, 3])
    expect(ids(await books().or('and(author_id.eq.1,pages.gt.200),and(author_id.eq.3,price.is.null)'))).toEqual([2, 5])
    expect(ids(await books().or('title.eq."Cien años de soledad",title.eq.Kindred'))).toEqual([3, 4])
    expect(ids(await books().or('id.in.(1,2),title.eq.Kindred'))).toEqual([1, 2, 4])
    expect(ids(await books().or('tags.cs.{dystopia},not.and(pages.gt.100,author_id.neq.2)'))).toEqual([3, 5])
    expect(ids(await books().or('id.eq.1,id.eq.2').or('id.eq.2,id.eq.3'))).toEqual([2])
  })

  it('accepts and=(…) and not.or=(…) query parameters', async () => {
    const and = await bed.raw('/rt_books?select=id&and=(pages.gt.200,pages.lt.350)&order=id')
    expect(await and.json()).toEqual([{ id: 2 }, { id: 4 }, { id: 5 }])
    const notOr = await bed.raw('/rt_books?select=id&not.or=(id.eq.1,id.eq.2)&order=id')
    expect(await notOr.json()).toEqual([{ id: 3 }, { id: 4 }, { id: 5 }])
  })

  it('decodes + as a space in values', async () => {
    const response = await bed.raw('/rt_books?select=id&title=eq.Parable+of+the+Sower')
    expect(await response.json()).toEqual([{ id: 5 }])
  })

  it('orders by several columns, both directions, nulls first or last', async () => {
    const multi = await bed.anon.from('rt_books').select('id').order('author_id').order('pages', { ascending: false })
    expect(ids(multi)).toEqual([2, 1, 3, 5, 4])
    expect(ids(await bed.anon.from('rt_books').select('id').order('price', { nullsFirst: true }))).toEqual([
      5, 4, 1, 2, 3,
    ])
    expect(
      ids(await bed.anon.from('rt_books').select('id').order('price', { ascending: false, nullsFirst: false })),
    ).toEqual([3, 2, 1, 4, 5])
    expect(ids(await bed.anon.from('rt_books').select('id').order('price', { ascending: false }))).toEqual([
      5, 3, 2, 1, 4,
    ])
    const byDate = await bed.anon.from('rt_authors').select('id').order('born', { ascending: false, nullsFirst: false })
    expect(ids(byDate)).toEqual([3, 1, 2, 4])
  })

  it('lets row-level security decide which rows a caller sees', async () => {
    expect(ids(await bed.alice.from('rt_books').select('id').order('id'))).toEqual([1, 2, 3, 4, 5, 6])
    expect(ids(await bed.bob.from('rt_books').select('id').order('id'))).toEqual([1, 2, 3, 4, 5])
    expect(ids(await bed.service.from('rt_books').select('id').order('id'))).toEqual([1, 2, 3, 4, 5, 6])
  })
})
