// Property: whatever query string arrives (real and unknown names, every operator, SQL-looking text,
// unicode, NUL bytes, very long values, broken syntax), the REST API answers below 500 with a JSON
// body, and never changes the data (reads are read-only; anon's writes are denied by RLS).
import fc from 'fast-check'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase } from '../support/server'
import { startRestBed, tableRows, type RestBed } from './support/fixture'

const names = [
  'id',
  'title',
  'pages',
  'price',
  'tags',
  'author_id',
  'published_at',
  'available',
  'owner_id',
  'nope',
  'rt_authors',
  'rt_reviews',
]
const embedded = [
  'rt_authors.name',
  'rt_authors.meta->>awards',
  'rt_reviews.stars',
  'rt_reviews.rt_authors.id',
  'ghost.id',
]
const operators = [
  'eq',
  'neq',
  'gt',
  'gte',
  'lt',
  'lte',
  'like',
  'ilike',
  'is',
  'in',
  'cs',
  'cd',
  'ov',
  'sl',
  'adj',
  'fts',
  'plfts',
  'wfts(english)',
  'match',
  'imatch',
  'isdistinct',
  'not.eq',
  'not.in',
  'not.is',
  'like(any)',
  'eq(all)',
  'eqq',
  'not',
  '',
  'constructor',
  '__proto__',
]
const nasty = [
  "'; drop table rt_books; --",
  '") or 1=1 --',
  "' or ''='",
  '$1',
  '\\',
  '"',
  "'",
  '(',
  ')',
  ',',
  '.',
  '*',
  '%',
  '\u0000',
  '💥',
  'ñandú',
  'null',
  'true',
  '{a,b}',
  '[1,2)',
  '{"a":1}',
  '1e309',
  '-1',
  '99999999999999999999',
  'x'.repeat(5000),
  '(((((((((((',
]

const text = fc.oneof(fc.constantFrom(...nasty), fc.string({ unit: 'binary', maxLength: 24 }), fc.integer().map(String))
const filterValue = fc.oneof(
  fc.tuple(fc.constantFrom(...operators), text).map(([op, value]) => `${op}.${value}`),
  fc
    .tuple(fc.constantFrom('in', 'not.in'), fc.array(text, { maxLength: 4 }))
    .map(([op, values]) => `${op}.(${values.join(',')})`),
  text,
)
const column = fc.oneof(fc.constantFrom(...names), text)
const selectItem = fc.oneof(
  fc.constantFrom(
    '*',
    'rt_authors(*)',
    'rt_authors!inner(name)',
    'a:title',
    'pages::text',
    'tags->0',
    'x:rt_authors!nope(*)',
    'rt_reviews(stars,rt_authors!reviewer_id(*))',
    '...rt_authors(name)',
    'count()',
    'id::evil',
    'id::constructor',
  ),
  column,
)
const logicValue = fc
  .array(
    fc.tuple(column, filterValue).map(([name, value]) => `${name}.${value}`),
    { maxLength: 3 },
  )
  .map((parts) => `(${parts.join(',')})`)
const orderValue = fc
  .array(
    fc
      .tuple(column, fc.constantFrom('', '.asc', '.desc', '.nullsfirst', '.desc.nullslast', '.x'))
      .map(([a, b]) => a + b),
    { minLength: 1, maxLength: 3 },
  )
  .map((parts) => parts.join(','))
const param = fc.oneof(
  fc.tuple(
    fc.constant('select'),
    fc.array(selectItem, { minLength: 1, maxLength: 4 }).map((items) => items.join(',')),
  ),
  fc.tuple(fc.constantFrom(...names, ...embedded), filterValue),
  fc.tuple(fc.constantFrom('or', 'and', 'not.or', 'rt_reviews.or'), logicValue),
  fc.tuple(fc.constantFrom('order', 'rt_reviews.order'), orderValue),
  fc.tuple(
    fc.constantFrom('limit', 'offset', 'rt_reviews.limit', 'columns', 'on_conflict'),
    fc.oneof(fc.nat().map(String), text),
  ),
  fc.tuple(text, text),
)
const queryString = fc.array(param, { maxLength: 6 }).map((pairs) => new URLSearchParams(pairs).toString())

describeOnOneDatabase('REST under random query strings on %s', (kind) => {
  let bed: RestBed
  let books: unknown[]
  let authors: unknown[]

  beforeAll(async () => {
    bed = await startRestBed(kind)
    books = await tableRows(bed, 'rt_books')
    authors = await tableRows(bed, 'rt_authors')
  })
  afterAll(() => bed.close())

  const expectSane = async (response: Response, label: string) => {
    expect(response.status, label).toBeLessThan(500)
    const body = await response.text()
    // A body is what its Content-Type says: JSON unless a CSV was asked for and given.
    const csv = response.ok && response.headers.get('content-type')?.startsWith('text/csv')
    if (body !== '' && !csv) expect(() => JSON.parse(body), label).not.toThrow()
  }

  it('never answers 5xx and never changes rt_books', async () => {
    const methods = ['GET', 'HEAD', 'GET', 'DELETE', 'PATCH', 'POST'] as const
    await fc.assert(
      fc.asyncProperty(queryString, fc.constantFrom(...methods), fc.boolean(), async (query, method, signedIn) => {
        // Signed-in callers only read: their writes may legitimately change their own rows.
        const headers: Record<string, string> = { Prefer: 'return=representation' }
        if (signedIn && (method === 'GET' || method === 'HEAD')) headers.Authorization = `Bearer ${bed.aliceToken}`
        const body =
          method === 'PATCH'
            ? JSON.stringify({ title: 'hacked' })
            : method === 'POST'
              ? JSON.stringify({ title: 'spam' })
              : undefined
        const response = await bed.raw(`/rt_books?${query}`, {
          method,
          headers,
          body,
        })
        await expectSane(response, `${method} ?${query}`)
      }),
      { numRuns: 150 },
    )
    expect(await tableRows(bed, 'rt_books')).toEqual(books)
    expect(await tableRows(bed, 'rt_authors')).toEqual(authors)
  })

  it('never answers 5xx to random Prefer, Accept, Range and profile headers', async () => {
    const headerText = fc.oneof(
      text,
      fc.constantFrom(
        'constructor=x',
        '__proto__=1',
        'count=exact, return=representation',
        'handling=strict, nope',
        'max-affected=-1',
        'application/vnd.pgrst.object+json;nulls=stripped',
        'text/csv',
        'items=0-3',
        '5-',
        'public',
        'auth',
      ),
    )
    const headerName = fc.constantFrom('Prefer', 'Accept', 'Range', 'Accept-Profile', 'Content-Profile')
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(headerName, headerText), { maxLength: 3 }),
        fc.constantFrom('GET', 'DELETE'),
        async (pairs, method) => {
          const headers = new Headers()
          // Header values are byte strings without control characters: what HTTP can carry.
          for (const [name, value] of pairs) headers.set(name, value.replace(/[^\x20-\xff]/g, ''))
          await expectSane(
            await bed.raw('/rt_books?select=id,rt_authors(name)&id=lt.3', { method, headers }),
            JSON.stringify(pairs),
          )
        },
      ),
      { numRuns: 60 },
    )
    expect(await tableRows(bed, 'rt_books')).toEqual(books)
  })

  // Nesting depth and size: trees drawn at random from shallow to far past every limit (and past
  // what a recursive parser's stack could hold), flat lists up to tens of thousands of items.
  it('answers nested and oversized selects, logic trees, JSON paths and bodies below 500', async () => {
    const embedTree = (depth: number, width: number) => {
      let select = 'id'
      for (let i = 0; i < depth; i++) select = `${i % 2 === 0 ? 'rt_authors' : 'rt_books'}(${select})`
      return ['id', ...Array.from({ length: width }, (_, i) => `e${i}:rt_reviews(stars)`), select].join(',')
    }
    const logicTree = (depth: number, width: number) => {
      const leaves = Array.from({ length: width }, (_, i) => `pages.eq.${i}`).join(',')
      return `(${'or(title.eq.a,and(pages.gt.1,'.repeat(depth)}${leaves || 'id.eq.1'}${'))'.repeat(depth)})`
    }
    const depth = fc.oneof(fc.nat({ max: 20 }), fc.integer({ min: 20, max: 6000 }))
    const width = fc.oneof(fc.nat({ max: 5 }), fc.integer({ min: 5, max: 20000 }))
    const request: fc.Arbitrary<{ path: string; body?: string }> = fc.oneof(
      fc.tuple(depth, width).map(([d, w]) => ({ path: `/rt_books?select=${embedTree(d, Math.min(w, 300))}` })),
      fc.tuple(depth, width).map(([d, w]) => ({ path: `/rt_books?or=${logicTree(d, w)}` })),
      depth.map((d) => ({ path: `/rt_authors?select=meta${'->a'.repeat(d)}` })),
      depth.map((d) => ({ path: `/rt_authors?meta${'->a'.repeat(d)}=eq.1&order=meta${'->b'.repeat(d)}` })),
      fc.tuple(depth, width).map(([d, w]) => ({
        path: '/rt_authors',
        body: `{"name":"n${d}","meta":${'['.repeat(d)}${']'.repeat(d)},"country":"${'x'.repeat(w * 100)}"}`,
      })),
    )
    await fc.assert(
      fc.asyncProperty(request, async ({ path, body }) => {
        const response = await bed.raw(path, body ? { method: 'POST', body } : {})
        await expectSane(response, `${path.slice(0, 120)} (${path.length} chars)`)
      }),
      { numRuns: 80 },
    )
    expect(await tableRows(bed, 'rt_books')).toEqual(books)
    expect(await tableRows(bed, 'rt_authors')).toEqual(authors)
  })

  it('never answers 5xx to function calls with random query strings', async () => {
    await fc.assert(
      fc.asyncProperty(
        queryString,
        fc.constantFrom('rt_add', 'rt_books_by', 'rt_tags', 'rt_book_counts', 'rt_touch', 'nope'),
        async (query, fn) => {
          await expectSane(await bed.raw(`/rpc/${fn}?${query}`), `GET /rpc/${fn}?${query}`)
        },
      ),
      { numRuns: 60 },
    )
    expect(await tableRows(bed, 'rt_books')).toEqual(books)
  })
})
