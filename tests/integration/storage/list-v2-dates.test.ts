// Storage `list-v2` sorted by a date (storage-js `listV2({ sortBy: { column: 'created_at' } })`), as
// Supabase Storage pages it: by the date then the name, a page at a time with a cursor that
// carries both; folders, which have no dates, come first; only what the object policies let the
// caller read; a cursor that is not the server's is refused.
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from '../support/server'
import { DOCS, useStorageFixtures } from './support'

describeEachDatabase('storage list-v2 by date on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)
  const suffixes = ['zz', 'bb', 'xx', 'ww', 'cc', 'aa', 'yy', 'oo']
  beforeAll(async () => {
    for (const suffix of suffixes) {
      const { error } = await f.aliceClient.storage
        .from(DOCS)
        .upload(`${f.alice}/dated/file-${suffix}.txt`, Buffer.from(suffix), { contentType: 'text/plain' })
      expect(error).toBeNull()
    }
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/dated/sub/inner.txt`, Buffer.from('inner'))
    // updated_at in the reverse order of creation, for the second column.
    await server.deps.db.query(
      `update storage.objects set updated_at = now() - (position(right(name, 6) in 'zz.txtbb.txtxx.txtww.txtcc.txtaa.txtyy.txtoo.txt') * interval '1 minute')
       where bucket_id = $1 and name like $2 and name not like '%/sub/%'`,
      [DOCS, `${f.alice}/dated/file-%`],
    )
  })

  const pagesOf = async (column: 'created_at' | 'updated_at', order: 'asc' | 'desc', withDelimiter = false) => {
    const names: string[] = []
    let cursor: string | undefined
    for (let page = 0; page < 10; page++) {
      const { data, error } = await f.aliceClient.storage.from(DOCS).listV2({
        prefix: `${f.alice}/dated/`,
        limit: 2,
        with_delimiter: withDelimiter,
        sortBy: { column, order },
        ...(cursor ? { cursor } : {}),
      })
      expect(error).toBeNull()
      names.push(...[...data!.folders, ...data!.objects].map((entry) => entry.name.slice(`${f.alice}/dated/`.length)))
      if (!data!.hasNext) return names
      cursor = data!.nextCursor
    }
    throw new Error('more pages than entries')
  }

  it('pages by creation date either way, and by update date, through cursors', async () => {
    const files = suffixes.map((suffix) => `file-${suffix}.txt`)
    expect(await pagesOf('created_at', 'asc')).toEqual([...files, 'sub/inner.txt'])
    expect(await pagesOf('created_at', 'desc')).toEqual(['sub/inner.txt', ...files.slice().reverse()])
    // updated_at: the files were moved back in time in reverse order; the later upload is newest.
    expect(await pagesOf('updated_at', 'desc')).toEqual(['sub/inner.txt', ...files])
  })

  it('puts folders, which have no dates, first, and lists only what the caller may read', async () => {
    expect(await pagesOf('created_at', 'asc', true)).toEqual(['sub/', ...suffixes.map((s) => `file-${s}.txt`)])
    const bob = await f.bobClient.storage
      .from(DOCS)
      .listV2({ prefix: `${f.alice}/dated/`, sortBy: { column: 'created_at', order: 'asc' } })
    expect(bob.data).toEqual({ hasNext: false, folders: [], objects: [] })
  })

  it('refuses a cursor whose date the server did not write, and a column it does not sort by', async () => {
    const forged = Buffer.from(`l:x\no:asc\nc:created_at\nv:now(); drop table x`).toString('base64')
    const refused = await f.aliceClient.storage
      .from(DOCS)
      .listV2({ prefix: '', cursor: forged, sortBy: { column: 'created_at', order: 'asc' } })
    expect(refused.error).toMatchObject({ statusCode: '400' })
    const column = await f.aliceClient.storage
      .from(DOCS)
      .listV2({ prefix: '', sortBy: { column: 'size' as never, order: 'asc' } })
    expect(column.error).toMatchObject({ statusCode: '400' })
  })
})
