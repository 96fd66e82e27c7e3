// CSV responses (`Accept: text/csv`, supabase-js `.csv()`) as PostgREST writes them: the selected
// keys as a header line, then one line per row in PostgreSQL's record text (values quoted when they
// hold a comma, quote, space or parenthesis, quotes doubled, NULL as nothing), for reads, embeds,
// function results and written rows.
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import { useRestBed } from './support/fixture'

describeEachDatabase('REST CSV responses on %s', (kind) => {
  const bed = useRestBed(kind)

  it('reads rows as CSV with the header of the selected keys, quoting as PostgreSQL records do', async () => {
    const result = await bed.anon
      .from('rt_authors')
      .select('id, name, country, born, meta')
      .in('id', [1, 2, 4])
      .order('id')
      .csv()
    expect(result.error).toBeNull()
    expect(result.status).toBe(200)
    expect(result.data).toBe(
      [
        'id,name,country,born,meta',
        '1,"Ursula K. Le Guin",US,1929-10-21,"{""awards"": 5, ""genres"": [""sf"", ""fantasy""]}"',
        '2,"Gabriel García Márquez",CO,1927-03-06,"{""genres"": [""magic realism""]}"',
        '4,Anonymous,,,{}',
      ].join('\n'),
    )
  })

  it('writes arrays, booleans, aliases and casts the way PostgREST does', async () => {
    const result = await bed.anon
      .from('rt_books')
      .select('book:title, tags, available, pages::text')
      .in('id', [3, 4])
      .order('id')
      .csv()
    expect(result.data).toBe(
      [
        'book,tags,available,pages',
        '"Cien años de soledad","{classic,""magic realism""}",t,417',
        'Kindred,{sf},t,264',
      ].join('\n'),
    )
  })

  it('answers a lone newline when no row matches, and the counted range as for JSON', async () => {
    const none = await bed.anon.from('rt_books').select('id').eq('id', 999).csv()
    expect(none).toMatchObject({ data: '\n', error: null, status: 200 })
    const raw = await bed.raw('/rt_books?select=id&order=id&limit=2', {
      headers: { Accept: 'text/csv', Prefer: 'count=exact' },
    })
    expect(raw.status).toBe(206)
    expect(raw.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    expect(raw.headers.get('content-range')).toBe('0-1/5')
    expect(await raw.text()).toBe('id\n1\n2')
  })

  it('writes embeds as their JSON text and spreads as columns', async () => {
    const embedded = await bed.anon.from('rt_books').select('title, rt_authors(name, country)').eq('id', 4).csv()
    expect(embedded.data).toBe('title,rt_authors\nKindred,"{""name"": ""Octavia Butler"", ""country"": ""US""}"')
    const spread = await bed.anon.from('rt_books').select('id, ...rt_authors(name)').eq('id', 4).csv()
    expect(spread.data).toBe('id,name\n4,"Octavia Butler"')
  })

  it('answers function results as CSV: rows, one row, scalars', async () => {
    const rows = await bed.anon.rpc('rt_books_by', { author: 1 }).select('id, title').csv()
    expect(rows.data).toBe('id,title\n1,"A Wizard of Earthsea"\n2,"The Left Hand of Darkness"')
    const scalar = await bed.anon.rpc('rt_add', { a: 2, b: 3 }).csv()
    expect(scalar.data).toBe('pgrst_scalar\n5')
    const set = await bed.anon.rpc('rt_tags').csv()
    expect(set.data).toBe('pgrst_scalar\nclassic\ndystopia\nfantasy\n"magic realism"\nsf')
  })

  it('returns written rows as CSV with return=representation', async () => {
    const inserted = await bed.alice
      .from('rt_books')
      .insert([
        { id: 301, title: 'Tales, "quoted"', author_id: 1 },
        { id: 302, title: 'Plain', author_id: 1 },
      ])
      .select('id, title')
      .csv()
    expect(inserted).toMatchObject({ status: 201, error: null })
    expect(inserted.data).toBe('id,title\n301,"Tales, ""quoted"""\n302,Plain')
    const updated = await bed.alice.from('rt_books').update({ pages: 12 }).eq('id', 302).select('id, pages').csv()
    expect(updated).toMatchObject({ status: 200, data: 'id,pages\n302,12' })
  })

  it('picks the media type by the client’s order and q-values, and still refuses what it cannot produce', async () => {
    const preferred = await bed.raw('/rt_books?select=id&id=eq.1', {
      headers: { Accept: 'text/csv, application/json' },
    })
    expect(preferred.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const weighted = await bed.raw('/rt_books?select=id&id=eq.1', {
      headers: { Accept: 'text/csv;q=0.5, application/json' },
    })
    expect(await weighted.json()).toEqual([{ id: 1 }])
    const head = await bed.raw('/rt_books?select=id', { method: 'HEAD', headers: { Accept: 'text/csv' } })
    expect(head.status).toBe(200)
    expect(head.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const unknown = await bed.raw('/rt_books?select=id', { headers: { Accept: 'text/html' } })
    expect(unknown.status).toBe(406)
    expect(await unknown.json()).toMatchObject({ code: 'PGRST107' })
  })

  it('keeps row-level security: CSV shows only the rows the caller may read', async () => {
    const anon = await bed.anon.from('rt_books').select('id').eq('id', 6).csv()
    expect(anon.data).toBe('\n')
    const owner = await bed.alice.from('rt_books').select('id').eq('id', 6).csv()
    expect(owner.data).toBe('id\n6')
  })
})
