// Supabase Storage behaviours storage-js relies on beyond plain uploads and downloads: signed upload
// URLs (createSignedUploadUrl, then uploadToSignedUrl), list v2 with folders and cursors, downloads
// with their length and never compressed on the fly, requests without credentials refused, and
// bucket answers in Storage's shapes (shared/reference: Storage additions, part C).
import { expect, it } from 'vitest'
import { describeOnOneDatabase, useTestServer } from '../support/server'
import {
  DOCS,
  PUBLIC,
  expectSameBytes,
  objectRow,
  randomBytes,
  rawRequest,
  storageFailure,
  useStorageFixtures,
} from './support'

describeOnOneDatabase('storage parity on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)

  it('creates a signed upload URL that anyone holding it can upload to, once, as its signer', async () => {
    const path = `${f.alice}/inbox/scan.pdf`
    const signed = await f.aliceClient.storage.from(DOCS).createSignedUploadUrl(path)
    expect(signed.error).toBeNull()
    expect(signed.data).toMatchObject({ path, token: expect.any(String) })
    expect(new URL(signed.data!.signedUrl).pathname).toBe(`/storage/v1/object/upload/sign/${DOCS}/${path}`)

    const bytes = randomBytes(5000)
    const uploaded = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(path, signed.data!.token, Buffer.from(bytes), { contentType: 'application/pdf' })
    expect(uploaded).toEqual({ data: { path, fullPath: `${DOCS}/${path}` }, error: null })
    expect(await objectRow(server, DOCS, path)).toMatchObject({ owner: f.alice, owner_id: f.alice })
    expectSameBytes(await (await f.aliceClient.storage.from(DOCS).download(path)).data!.arrayBuffer(), bytes)

    const again = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(path, signed.data!.token, Buffer.from('other'), { contentType: 'application/pdf' })
    expect(again.error).toMatchObject({ statusCode: '409', message: 'The resource already exists' })
  })

  it('replaces with a signed upload URL made with upsert, and only at the path it was made for', async () => {
    const path = `${f.alice}/inbox/notes.txt`
    await f.aliceClient.storage.from(DOCS).upload(path, Buffer.from('first'), { contentType: 'text/plain' })
    const signed = await f.aliceClient.storage.from(DOCS).createSignedUploadUrl(path, { upsert: true })
    const replaced = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(path, signed.data!.token, Buffer.from('second'), { contentType: 'text/plain' })
    expect(replaced.error).toBeNull()
    expect(await (await f.aliceClient.storage.from(DOCS).download(path)).data!.text()).toBe('second')

    const elsewhere = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(`${f.alice}/inbox/other.txt`, signed.data!.token, Buffer.from('x'), {
        contentType: 'text/plain',
      })
    expect(elsewhere.error).toMatchObject({ statusCode: '400', message: 'Invalid signature' })
    const missing = await rawRequest(server, `/object/upload/sign/${DOCS}/${path}`, { method: 'PUT', body: 'x' })
    expect(await storageFailure(missing)).toMatchObject({
      status: 400,
      body: { message: "querystring must have required property 'token'" },
    })
  })

  it("refuses a signed upload URL for a path the signer may not write, and a download token's use", async () => {
    const refused = await f.aliceClient.storage.from(DOCS).createSignedUploadUrl(`${f.bob}/planted.pdf`)
    expect(refused.error).toMatchObject({ statusCode: '403', message: 'new row violates row-level security policy' })
    const noBucket = await f.aliceClient.storage.from('st-nowhere').createSignedUploadUrl(`${f.alice}/x.pdf`)
    expect(noBucket.error).toMatchObject({ statusCode: '404', message: 'Bucket not found' })

    const path = `${f.alice}/inbox/kept.txt`
    await f.aliceClient.storage.from(DOCS).upload(path, Buffer.from('kept'), { contentType: 'text/plain' })
    const download = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60)
    const token = new URL(download.data!.signedUrl).searchParams.get('token')!
    const misuse = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(path, token, Buffer.from('overwritten'), { upsert: true, contentType: 'text/plain' })
    expect(misuse.error).toMatchObject({ statusCode: '400', message: 'Token is not scoped for upload' })
    expect(await (await f.aliceClient.storage.from(DOCS).download(path)).data!.text()).toBe('kept')
  })

  it('lists with v2: folders and files of one level, or every file flat, a page at a time', async () => {
    const base = `${f.alice}/v2`
    for (const name of ['a.txt', 'b.txt', 'sub/c.txt', 'sub/deeper/d.txt', 'zz/e.txt']) {
      const { error } = await f.aliceClient.storage
        .from(DOCS)
        .upload(`${base}/${name}`, Buffer.from(name), { contentType: 'text/plain' })
      expect(error).toBeNull()
    }
    const level = await f.aliceClient.storage.from(DOCS).listV2({ prefix: `${base}/`, with_delimiter: true })
    expect(level.error).toBeNull()
    const folder = { id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null }
    expect(level.data).toEqual({
      hasNext: false,
      folders: [
        { ...folder, key: 'sub', name: `${base}/sub/` },
        { ...folder, key: 'zz', name: `${base}/zz/` },
      ],
      objects: [
        expect.objectContaining({ name: `${base}/a.txt`, key: 'a.txt', id: expect.any(String) }),
        expect.objectContaining({
          name: `${base}/b.txt`,
          key: 'b.txt',
          metadata: expect.objectContaining({ size: 5 }),
        }),
      ],
    })

    const flat = await f.aliceClient.storage.from(DOCS).listV2({ prefix: `${base}/s` })
    expect(flat.data!.objects.map((entry) => entry.name)).toEqual([`${base}/sub/c.txt`, `${base}/sub/deeper/d.txt`])
    expect(flat.data!.objects[0]).not.toHaveProperty('key')
    expect(flat.data!.folders).toEqual([])

    const pages: string[] = []
    let cursor: string | undefined
    for (let i = 0; i < 10; i++) {
      const page = await f.aliceClient.storage
        .from(DOCS)
        .listV2({ prefix: `${base}/`, limit: 2, cursor, with_delimiter: true })
      if (page.data!.hasNext) expect(page.data).toHaveProperty('nextCursorKey')
      pages.push(...[...page.data!.folders, ...page.data!.objects].map((entry) => entry.name))
      if (!page.data!.hasNext) break
      cursor = page.data!.nextCursor
    }
    expect(pages.sort()).toEqual([`${base}/a.txt`, `${base}/b.txt`, `${base}/sub/`, `${base}/zz/`])
    const descending = await f.aliceClient.storage
      .from(DOCS)
      .listV2({ prefix: `${base}/`, with_delimiter: true, sortBy: { column: 'name', order: 'desc' } })
    expect(descending.data!.objects.map((entry) => entry.key)).toEqual(['b.txt', 'a.txt'])

    const hidden = await f.bobClient.storage.from(DOCS).listV2({ prefix: `${base}/` })
    expect(hidden.data).toEqual({ hasNext: false, folders: [], objects: [] })
    const badCursor = await f.aliceClient.storage.from(DOCS).listV2({ prefix: '', cursor: 'bm9wZQ' })
    expect(badCursor.error).toMatchObject({ statusCode: '400', message: 'Invalid Parameter continuation token' })
  })

  it('serves downloads with their Content-Length, never compressed on the fly', async () => {
    const path = `${f.alice}/big.json`
    const text = JSON.stringify({ rows: Array.from({ length: 2000 }, (_, i) => ({ i, label: 'repeated text' })) })
    await f.aliceClient.storage.from(DOCS).upload(path, Buffer.from(text), { contentType: 'application/json' })
    const response = await rawRequest(server, `/object/authenticated/${DOCS}/${path}`, {
      token: await f.tokenFor(f.alice),
      headers: { 'accept-encoding': 'gzip, br' },
    })
    expect(response.status).toBe(200)
    expect(response.headers.get('content-encoding')).toBeNull()
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(text)))
    expect(await response.text()).toBe(text)
  })

  it("refuses a request with no credentials as Supabase's gateway does; an apikey alone is the anon bearer", async () => {
    const bare = await server.request(`/storage/v1/object/list/${DOCS}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"prefix":""}',
    })
    expect(await storageFailure(bare)).toEqual({
      status: 401,
      body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' },
    })
    const apikeyOnly = await server.request(`/storage/v1/bucket`, { headers: { apikey: server.anonKey } })
    expect(apikeyOnly.status).toBe(200)
    expect(await apikeyOnly.json()).toEqual([])

    const path = `${f.alice}/open.txt`
    await f.aliceClient.storage.from(PUBLIC).upload(path, Buffer.from('open'), { contentType: 'text/plain' })
    const open = await server.request(`/storage/v1/object/public/${PUBLIC}/${path}`)
    expect(open.status).toBe(200)
    expect(await open.text()).toBe('open')
  })

  it('answers bucket reads and the emptying in Storage shapes', async () => {
    const one = await f.serviceClient.storage.getBucket(DOCS)
    expect(Object.keys(one.data!).sort()).toEqual(
      ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at'].sort(),
    )
    const list = await f.serviceClient.storage.listBuckets()
    expect(list.data!.find((bucket) => bucket.id === DOCS)).toMatchObject({ type: 'STANDARD' })
  })
})
