// Objects through the real supabase-js: upload (multipart and raw), upsert, update, download byte
// for byte with Storage's headers, info/exists, list, remove, move and copy, with RLS deciding.
import { expect, it } from 'vitest'
import { describeOnOneDatabase, useTestServer } from '../support/server'
import {
  DOCS,
  PUBLIC,
  bucketFiles,
  expectSameBytes,
  md5,
  objectCount,
  objectRow,
  randomBytes,
  rawRequest,
  useStorageFixtures,
} from './support'

describeOnOneDatabase('storage objects on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)

  it('uploads a Blob as multipart and a Buffer as a raw body, and downloads both byte for byte', async () => {
    const png = randomBytes(200_000)
    const blob = await f.aliceClient.storage
      .from(DOCS)
      .upload(`${f.alice}/pics/photo.png`, new Blob([png], { type: 'image/png' }), { metadata: { label: 'holiday' } })
    expect(blob.error).toBeNull()
    expect(blob.data).toEqual({
      id: expect.any(String),
      path: `${f.alice}/pics/photo.png`,
      fullPath: `${DOCS}/${f.alice}/pics/photo.png`,
    })

    const pdf = randomBytes(70_000)
    const raw = await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/report.pdf`, Buffer.from(pdf), {
      contentType: 'application/pdf',
      cacheControl: '60',
      metadata: { n: 1 },
    })
    expect(raw.error).toBeNull()

    const row = await objectRow(server, DOCS, `${f.alice}/pics/photo.png`)
    expect(row).toMatchObject({
      id: blob.data!.id,
      owner: f.alice,
      owner_id: f.alice,
      user_metadata: { label: 'holiday' },
    })
    expect(row!.metadata).toMatchObject({
      size: png.length,
      mimetype: 'image/png',
      cacheControl: 'max-age=3600',
      eTag: `"${md5(png)}"`,
    })
    expect((await objectRow(server, DOCS, `${f.alice}/report.pdf`))!.metadata).toMatchObject({
      mimetype: 'application/pdf',
      cacheControl: 'max-age=60',
      size: pdf.length,
    })
    expect((await objectRow(server, DOCS, `${f.alice}/report.pdf`))!.user_metadata).toEqual({ n: 1 })

    const pngBack = await f.aliceClient.storage.from(DOCS).download(`${f.alice}/pics/photo.png`)
    expect(pngBack.error).toBeNull()
    expect(pngBack.data!.type).toBe('image/png')
    expectSameBytes(await pngBack.data!.arrayBuffer(), png)
    const pdfBack = await f.aliceClient.storage.from(DOCS).download(`${f.alice}/report.pdf`)
    expectSameBytes(await pdfBack.data!.arrayBuffer(), pdf)
  })

  it('stores a string with storage-js defaults and answers downloads with Storage headers', async () => {
    const path = `${f.alice}/notes/hello.txt`
    const { error } = await f.aliceClient.storage.from(DOCS).upload(path, 'hola, mundo ñ')
    expect(error).toBeNull()
    const token = await f.tokenFor(f.alice)

    for (const route of [`/object/${DOCS}/${path}`, `/object/authenticated/${DOCS}/${path}`]) {
      const response = await rawRequest(server, route, { token })
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toBe('text/plain;charset=UTF-8')
      expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength('hola, mundo ñ')))
      expect(response.headers.get('cache-control')).toBe('max-age=3600')
      expect(response.headers.get('etag')).toBe(`"${md5(Buffer.from('hola, mundo ñ'))}"`)
      expect(new Date(response.headers.get('last-modified')!).getTime()).toBeGreaterThan(Date.now() - 60_000)
      expect(response.headers.get('content-disposition')).toBeNull()
      expect(await response.text()).toBe('hola, mundo ñ')
    }

    const asFile = await rawRequest(server, `/object/${DOCS}/${path}?download=saludo.txt`, { token })
    expect(asFile.headers.get('content-disposition')).toBe(
      `attachment; filename="saludo.txt"; filename*=UTF-8''saludo.txt`,
    )
    const plain = await rawRequest(server, `/object/${DOCS}/${path}?download`, { token })
    expect(plain.headers.get('content-disposition')).toContain('filename="hello.txt"')

    const etag = asFile.headers.get('etag')!
    const cached = await rawRequest(server, `/object/${DOCS}/${path}`, { token, headers: { 'if-none-match': etag } })
    expect(cached.status).toBe(304)
    const part = await rawRequest(server, `/object/${DOCS}/${path}`, { token, headers: { range: 'bytes=0-3' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toBe(`bytes 0-3/${Buffer.byteLength('hola, mundo ñ')}`)
    expect(await part.text()).toBe('hola')
  })

  it('refuses to overwrite without upsert, replaces with upsert or update, and leaves no stale file', async () => {
    const path = `${f.alice}/versions/data.bin`
    const first = randomBytes(5000)
    const created = await f.aliceClient.storage
      .from(DOCS)
      .upload(path, first, { contentType: 'application/octet-stream' })
    expect(created.error).toBeNull()

    const again = await f.aliceClient.storage.from(DOCS).upload(path, randomBytes(10))
    expect(again.error).toMatchObject({ status: 400, statusCode: '409', message: 'The resource already exists' })
    const unchanged = await f.aliceClient.storage.from(DOCS).download(path)
    expectSameBytes(await unchanged.data!.arrayBuffer(), first)

    const second = randomBytes(7000)
    const upserted = await f.aliceClient.storage
      .from(DOCS)
      .upload(path, second, { upsert: true, contentType: 'application/x-test' })
    expect(upserted.error).toBeNull()
    expect(upserted.data!.id).toBe(created.data!.id)
    const afterUpsert = await f.aliceClient.storage.from(DOCS).download(path)
    expect(afterUpsert.data!.type).toBe('application/x-test')
    expectSameBytes(await afterUpsert.data!.arrayBuffer(), second)

    const third = randomBytes(3000)
    const updated = await f.aliceClient.storage.from(DOCS).update(path, new Blob([third]))
    expect(updated.error).toBeNull()
    const afterUpdate = await f.aliceClient.storage.from(DOCS).download(path)
    expectSameBytes(await afterUpdate.data!.arrayBuffer(), third)

    // Exactly one file per object row: replaced versions are gone from disk.
    const row = await objectRow(server, DOCS, path)
    const onDisk = await bucketFiles(server, DOCS)
    expect(onDisk.filter((file) => file.endsWith(row!.version))).toHaveLength(1)
    expect(onDisk).toHaveLength(await objectCount(server, DOCS))
  })

  it('keeps one file per object when uploads to the same key race', async () => {
    const racing = Array.from({ length: 6 }, (_, i) => `version ${i}`)
    const upserts = await Promise.all(
      racing.map((body) =>
        f.aliceClient.storage.from(DOCS).upload(`${f.alice}/race/upsert.txt`, body, { upsert: true }),
      ),
    )
    expect(upserts.map((result) => result.error)).toEqual(racing.map(() => null))
    const final = await f.aliceClient.storage.from(DOCS).download(`${f.alice}/race/upsert.txt`)
    expect(racing).toContain(await final.data!.text())

    const inserts = await Promise.all(
      racing.map((body) => f.aliceClient.storage.from(DOCS).upload(`${f.alice}/race/insert.txt`, body)),
    )
    expect(inserts.filter((result) => result.error === null)).toHaveLength(1)
    for (const result of inserts.filter((r) => r.error !== null))
      expect(result.error).toMatchObject({ statusCode: '409' })
    expect(await bucketFiles(server, DOCS)).toHaveLength(await objectCount(server, DOCS))
  })

  it('tells info and exists, and hides other users’ objects from both', async () => {
    const path = `${f.alice}/info/sheet.csv`
    await f.aliceClient.storage
      .from(DOCS)
      .upload(path, 'a,b\n1,2\n', { contentType: 'text/csv', metadata: { source: 'erp' } })
    const info = await f.aliceClient.storage.from(DOCS).info(path)
    expect(info.error).toBeNull()
    expect(info.data).toMatchObject({
      name: path,
      bucketId: DOCS,
      size: 8,
      contentType: 'text/csv',
      cacheControl: 'max-age=3600',
      metadata: { source: 'erp' },
    })
    expect(await f.aliceClient.storage.from(DOCS).exists(path)).toMatchObject({ data: true })
    expect(await f.aliceClient.storage.from(DOCS).exists(`${f.alice}/info/none.csv`)).toMatchObject({ data: false })
    expect(await f.bobClient.storage.from(DOCS).exists(path)).toMatchObject({ data: false })
    const bobInfo = await f.bobClient.storage.from(DOCS).info(path)
    expect(bobInfo.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' })
  })

  it('lists one level with folders, sorting, limit, offset and search', async () => {
    const base = `${f.alice}/list`
    for (const name of ['b.txt', 'a.txt', 'sub/c.txt', 'sub/deeper/d.txt', 'Zeta/e.txt']) {
      const { error } = await f.aliceClient.storage.from(DOCS).upload(`${base}/${name}`, name)
      expect(error).toBeNull()
    }
    const { data, error } = await f.aliceClient.storage.from(DOCS).list(base)
    expect(error).toBeNull()
    expect(data!.map((entry) => entry.name)).toEqual(['Zeta', 'a.txt', 'b.txt', 'sub'])
    const folder = data!.find((entry) => entry.name === 'sub')!
    expect(folder).toMatchObject({ id: null, metadata: null, created_at: null })
    const file = data!.find((entry) => entry.name === 'a.txt')!
    expect(file).toMatchObject({ id: expect.any(String), metadata: { size: 5, mimetype: 'text/plain;charset=UTF-8' } })

    const desc = await f.aliceClient.storage.from(DOCS).list(base, { sortBy: { column: 'name', order: 'desc' } })
    expect(desc.data!.map((entry) => entry.name)).toEqual(['sub', 'b.txt', 'a.txt', 'Zeta'])
    const page = await f.aliceClient.storage.from(DOCS).list(`${base}/`, { limit: 2, offset: 1 })
    expect(page.data!.map((entry) => entry.name)).toEqual(['a.txt', 'b.txt'])
    const search = await f.aliceClient.storage.from(DOCS).list(base, { search: 'SU' })
    expect(search.data!.map((entry) => entry.name)).toEqual(['sub'])
    const byDate = await f.aliceClient.storage.from(DOCS).list(base, { sortBy: { column: 'created_at', order: 'asc' } })
    expect(byDate.data!.filter((entry) => entry.id !== null).map((entry) => entry.name)).toEqual(['b.txt', 'a.txt'])
    const nested = await f.aliceClient.storage.from(DOCS).list(`${base}/sub`)
    expect(nested.data!.map((entry) => [entry.name, entry.id === null])).toEqual([
      ['c.txt', false],
      ['deeper', true],
    ])

    // Bob's policies show him nothing of Alice's folder; the anon role sees nothing at all.
    expect((await f.bobClient.storage.from(DOCS).list(base)).data).toEqual([])
    expect((await f.anonClient.storage.from(DOCS).list(base)).data).toEqual([])
    expect((await f.bobClient.storage.from(DOCS).list()).data!.map((entry) => entry.name)).not.toContain(f.alice)
  })

  it('removes the caller’s own objects only, and reports only those', async () => {
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/rm/one.txt`, 'one')
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/rm/two.txt`, 'two')
    await f.bobClient.storage.from(DOCS).upload(`${f.bob}/rm/bob.txt`, 'bob')
    const before = (await bucketFiles(server, DOCS)).length

    const { data, error } = await f.aliceClient.storage
      .from(DOCS)
      .remove([`${f.alice}/rm/one.txt`, `${f.alice}/rm/two.txt`, `${f.bob}/rm/bob.txt`, `${f.alice}/rm/missing.txt`])
    expect(error).toBeNull()
    expect(data!.map((row) => row.name).sort()).toEqual([`${f.alice}/rm/one.txt`, `${f.alice}/rm/two.txt`])
    expect(await objectRow(server, DOCS, `${f.alice}/rm/one.txt`)).toBeUndefined()
    const bobs = await f.bobClient.storage.from(DOCS).download(`${f.bob}/rm/bob.txt`)
    expect(await bobs.data!.text()).toBe('bob')
    expect(await bucketFiles(server, DOCS)).toHaveLength(before - 2)

    const single = await rawRequest(server, `/object/${DOCS}/${f.bob}/rm/bob.txt`, {
      method: 'DELETE',
      token: await f.tokenFor(f.alice),
    })
    expect(single.status).toBe(400)
    expect(await single.json()).toMatchObject({ statusCode: '404', code: 'NoSuchKey' })
  })

  it('moves and copies within the caller’s folder, and across buckets', async () => {
    const bytes = randomBytes(4096)
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/mv/from.bin`, bytes)
    const moved = await f.aliceClient.storage.from(DOCS).move(`${f.alice}/mv/from.bin`, `${f.alice}/mv/to.bin`)
    expect(moved).toEqual({ data: { message: 'Successfully moved' }, error: null })
    expect((await f.aliceClient.storage.from(DOCS).exists(`${f.alice}/mv/from.bin`)).data).toBe(false)
    const back = await f.aliceClient.storage.from(DOCS).download(`${f.alice}/mv/to.bin`)
    expectSameBytes(await back.data!.arrayBuffer(), bytes)

    const intoBob = await f.aliceClient.storage.from(DOCS).move(`${f.alice}/mv/to.bin`, `${f.bob}/stolen.bin`)
    expect(intoBob.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })

    const copied = await f.aliceClient.storage.from(DOCS).copy(`${f.alice}/mv/to.bin`, `${f.alice}/mv/copy.bin`)
    expect(copied).toEqual({ data: { path: `${DOCS}/${f.alice}/mv/copy.bin` }, error: null })
    const copy = await f.aliceClient.storage.from(DOCS).download(`${f.alice}/mv/copy.bin`)
    expectSameBytes(await copy.data!.arrayBuffer(), bytes)

    const across = await f.aliceClient.storage
      .from(DOCS)
      .move(`${f.alice}/mv/copy.bin`, `${f.alice}/shared.bin`, { destinationBucket: PUBLIC })
    expect(across.error).toBeNull()
    const publicUrl = f.anonClient.storage.from(PUBLIC).getPublicUrl(`${f.alice}/shared.bin`).data.publicUrl
    const fetched = await server.request(publicUrl)
    expectSameBytes(await fetched.arrayBuffer(), bytes)
    expect(await bucketFiles(server, DOCS)).toHaveLength(await objectCount(server, DOCS))
    expect(await bucketFiles(server, PUBLIC)).toHaveLength(await objectCount(server, PUBLIC))
  })

  it('serves public buckets to anyone, and private buckets never through the public route', async () => {
    const { error } = await f.aliceClient.storage
      .from(PUBLIC)
      .upload(`${f.alice}/logo.png`, new Blob([randomBytes(64)], { type: 'image/png' }))
    expect(error).toBeNull()
    const url = f.anonClient.storage.from(PUBLIC).getPublicUrl(`${f.alice}/logo.png`).data.publicUrl
    const response = await server.request(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/png')

    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/private.txt`, 'secret')
    const privateUrl = f.anonClient.storage.from(DOCS).getPublicUrl(`${f.alice}/private.txt`).data.publicUrl
    const denied = await server.request(privateUrl)
    expect(denied.status).toBe(400)
    expect(await denied.json()).toEqual({
      statusCode: '404',
      code: 'NoSuchBucket',
      error: 'Bucket not found',
      message: 'Bucket not found',
    })
  })
})
