// What the storage API refuses, and how: RLS denials, bad tokens, unsafe keys, bucket limits,
// oversized and malformed bodies. Each refusal is Storage's JSON shape, never a 500, and leaves
// neither a row nor a file behind.
import { SignJWT } from 'jose'
import { beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase, useTestServer } from '../support/server'
import {
  DOCS,
  LIMITED,
  bucketFiles,
  objectCount,
  randomBytes,
  rawRequest,
  storageFailure,
  tempFiles,
  useStorageFixtures,
} from './support'

const RLS_DENIED = {
  statusCode: '403',
  code: 'AccessDenied',
  error: 'Unauthorized',
  message: 'new row violates row-level security policy',
}
const TOO_LARGE = {
  statusCode: '413',
  code: 'EntityTooLarge',
  error: 'Payload too large',
  message: 'The object exceeded the maximum allowed size',
}

describeOnOneDatabase('storage refusals on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)
  let aliceToken: string
  beforeAll(async () => {
    aliceToken = await f.tokenFor(f.alice)
  })

  /** Nothing of a refused write may remain: no row in the bucket, no file, no temporary file. */
  async function expectNothingStored(bucket: string, rows = 0) {
    expect(await objectCount(server, bucket)).toBe(rows)
    expect(await bucketFiles(server, bucket)).toHaveLength(rows)
    expect(await tempFiles(server)).toEqual([])
  }

  it('lets RLS refuse writes into another user’s folder and anonymous writes', async () => {
    const intoBob = await f.aliceClient.storage.from(DOCS).upload(`${f.bob}/x.txt`, 'intrusion')
    expect(intoBob.error).toMatchObject({ status: 400, statusCode: '403', message: RLS_DENIED.message })
    const anon = await rawRequest(server, `/object/${DOCS}/anon/x.txt`, {
      method: 'POST',
      body: 'x',
      headers: { 'content-type': 'text/plain' },
    })
    expect(await storageFailure(anon)).toEqual({ status: 400, body: RLS_DENIED })
    const anonBlob = await f.anonClient.storage.from(DOCS).upload(`${f.alice}/x.txt`, new Blob(['x']))
    expect(anonBlob.error).toMatchObject({ statusCode: '403' })

    // The policies are asked before the body is read: a refused upload costs no disk write.
    let pulled = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 1
        controller.enqueue(new Uint8Array(65536))
      },
    })
    const streamed = await rawRequest(server, `/object/${DOCS}/${f.bob}/flood.bin`, {
      method: 'POST',
      token: aliceToken,
      body: endless,
      duplex: 'half',
    } as RequestInit)
    expect(await storageFailure(streamed)).toEqual({ status: 400, body: RLS_DENIED })
    expect(pulled).toBeLessThan(4)
    await expectNothingStored(DOCS)
  })

  it('hides other users’ objects from download, signing, upsert and removal', async () => {
    const path = `${f.alice}/private/plan.txt`
    expect((await f.aliceClient.storage.from(DOCS).upload(path, 'plan')).error).toBeNull()
    const bobDownload = await f.bobClient.storage.from(DOCS).download(path)
    expect(bobDownload.error).toMatchObject({ status: 400 })
    const raw = await rawRequest(server, `/object/${DOCS}/${path}`, { token: await f.tokenFor(f.bob) })
    expect(await storageFailure(raw)).toEqual({
      status: 400,
      body: { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' },
    })
    expect((await f.anonClient.storage.from(DOCS).download(path)).error).toMatchObject({ status: 400 })
    expect((await f.bobClient.storage.from(DOCS).createSignedUrl(path, 60)).error).toMatchObject({ statusCode: '404' })
    const overwrite = await f.bobClient.storage.from(DOCS).upload(path, 'mine now', { upsert: true })
    expect(overwrite.error).toMatchObject({ statusCode: '403' })
    expect((await f.bobClient.storage.from(DOCS).remove([path])).data).toEqual([])
    const still = await f.aliceClient.storage.from(DOCS).download(path)
    expect(await still.data!.text()).toBe('plan')
  })

  it('rejects forged, expired, alg:none and unknown-role tokens', async () => {
    const forged = await new SignJWT({ sub: f.alice, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-server-secret-not-the-server-secret'))
    const expired = await server.deps.keys.sign({ sub: f.alice, role: 'authenticated' }, -60)
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: f.alice, role: 'service_role' })}.`
    for (const token of [forged, expired, none, 'not-a-jwt']) {
      const response = await rawRequest(server, `/object/${DOCS}/${f.alice}/t.txt`, {
        method: 'POST',
        token,
        body: 'x',
      })
      const failure = await storageFailure(response)
      expect(failure).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidJWT' } })
    }
    const expiredList = await f.clientWithToken(expired).storage.from(DOCS).list(f.alice)
    expect(expiredList.error).toMatchObject({ status: 400, message: 'jwt expired' })
    const superuser = await server.deps.keys.sign({ sub: f.alice, role: 'postgres' }, 60)
    const denied = await rawRequest(server, `/object/${DOCS}/${f.alice}/t.txt`, { token: superuser })
    expect(await storageFailure(denied)).toMatchObject({ status: 403, body: { code: 'AccessDenied' } })
    await expectNothingStored(DOCS, 1)
  })

  it('rejects keys with dot segments, absolute paths, backslashes, empty segments or control characters', async () => {
    const before = await objectCount(server, DOCS)
    const badKeys = [
      `${f.alice}%2F..%2F..%2Fescape.txt`,
      `%2Fetc%2Fpasswd`,
      `${f.alice}/a%5Cb.txt`,
      `${f.alice}//double.txt`,
      `${f.alice}/nul%00.txt`,
      `${f.alice}/line%0Abreak.txt`,
      `${f.alice}/${'x'.repeat(1100)}`,
      `${f.alice}/bad%ZZescape.txt`,
      `${f.alice}/dir/`,
    ]
    for (const key of badKeys) {
      const response = await rawRequest(server, `/object/${DOCS}/${key}`, {
        method: 'POST',
        token: aliceToken,
        body: 'x',
      })
      const failure = await storageFailure(response)
      expect(failure.status, key).toBe(400)
      expect(failure.body, key).toMatchObject({
        statusCode: '400',
        code: 'InvalidKey',
        message: expect.stringMatching(/^Invalid key: /),
      })
    }
    const move = await f.aliceClient.storage
      .from(DOCS)
      .move(`${f.alice}/private/plan.txt`, `${f.alice}/../../etc/passwd`)
    expect(move.error).toMatchObject({ statusCode: '400', message: `Invalid key: ${f.alice}/../../etc/passwd` })
    const copy = await f.aliceClient.storage.from(DOCS).copy(`${f.alice}/private/plan.txt`, `${f.alice}\\..\\x.txt`)
    expect(copy.error).toMatchObject({ statusCode: '400', message: `Invalid key: ${f.alice}\\..\\x.txt` })
    expect(await objectCount(server, DOCS)).toBe(before)
    expect(await bucketFiles(server, DOCS)).toHaveLength(before)
  })

  it('enforces the bucket’s size limit and MIME types, for raw and multipart bodies', async () => {
    const big = await f.aliceClient.storage
      .from(LIMITED)
      .upload(`${f.alice}/big.png`, randomBytes(2000), { contentType: 'image/png' })
    expect(big.error).toMatchObject({ status: 400, statusCode: '413', message: TOO_LARGE.message })
    const bigBlob = await f.aliceClient.storage
      .from(LIMITED)
      .upload(`${f.alice}/big.png`, new Blob([randomBytes(2000)], { type: 'image/png' }))
    expect(bigBlob.error).toMatchObject({ statusCode: '413' })
    const pdf = await rawRequest(server, `/object/${LIMITED}/${f.alice}/doc.pdf`, {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'application/pdf' },
      body: 'pdf',
    })
    expect(await storageFailure(pdf)).toEqual({
      status: 400,
      body: {
        statusCode: '415',
        code: 'InvalidMimeType',
        error: 'invalid_mime_type',
        message: 'mime type application/pdf is not supported',
      },
    })
    const pdfBlob = await f.aliceClient.storage
      .from(LIMITED)
      .upload(`${f.alice}/doc.pdf`, new Blob(['pdf'], { type: 'application/pdf' }))
    expect(pdfBlob.error).toMatchObject({ statusCode: '415' })
    await expectNothingStored(LIMITED)

    const csv = await f.aliceClient.storage
      .from(LIMITED)
      .upload(`${f.alice}/ok.csv`, 'a,b', { contentType: 'text/csv' })
    expect(csv.error).toBeNull()
    const exact = await f.aliceClient.storage
      .from(LIMITED)
      .upload(`${f.alice}/ok.png`, new Blob([randomBytes(1024)], { type: 'image/png' }))
    expect(exact.error).toBeNull()
    await expectNothingStored(LIMITED, 2)
  })

  it('stops an oversized body while it streams, whether announced or not', async () => {
    const limit = 50 * 1024 * 1024
    const announced = await rawRequest(server, `/object/${DOCS}/${f.alice}/huge.bin`, {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'application/octet-stream', 'content-length': String(limit + 1) },
      body: 'small body, big claim',
    })
    expect(await storageFailure(announced)).toEqual({ status: 400, body: TOO_LARGE })

    const chunk = new Uint8Array(1024 * 1024)
    let sent = 0
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += chunk.length
        controller.enqueue(chunk)
      },
    })
    const streamed = await rawRequest(server, `/object/${DOCS}/${f.alice}/huge.bin`, {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'application/octet-stream' },
      body: endless,
      duplex: 'half',
    } as RequestInit)
    expect(await storageFailure(streamed)).toEqual({ status: 400, body: TOO_LARGE })
    // The server stopped reading just past the limit instead of draining the endless body.
    expect(sent).toBeLessThan(limit + 8 * chunk.length)
    await expectNothingStored(DOCS, 1)
  })

  it('answers malformed multipart and JSON bodies with InvalidRequest', async () => {
    const cases: RequestInit[] = [
      { method: 'POST', headers: { 'content-type': 'multipart/form-data' }, body: 'no boundary' },
      {
        method: 'POST',
        headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
        body: 'not multipart at all',
      },
      {
        method: 'POST',
        body: (() => {
          const form = new FormData()
          form.append('cacheControl', '60')
          return form
        })(),
      },
    ]
    for (const init of cases) {
      const response = await rawRequest(server, `/object/${DOCS}/${f.alice}/form.bin`, { ...init, token: aliceToken })
      const failure = await storageFailure(response)
      expect(failure).toMatchObject({ status: 400, body: { statusCode: '400', code: 'InvalidRequest' } })
    }
    const json = await rawRequest(server, `/object/list/${DOCS}`, {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'application/json' },
      body: '{"prefix": ',
    })
    expect(await storageFailure(json)).toMatchObject({
      status: 400,
      body: { code: 'InvalidRequest', message: 'Body is not valid JSON' },
    })
    const sort = await rawRequest(server, `/object/list/${DOCS}`, {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '', sortBy: { column: 'name; drop table storage.objects', order: 'asc' } }),
    })
    expect(await storageFailure(sort)).toMatchObject({ status: 400, body: { code: 'InvalidRequest' } })
    const meta = await rawRequest(server, `/object/${DOCS}/${f.alice}/meta.txt`, {
      method: 'POST',
      token: aliceToken,
      headers: { 'content-type': 'text/plain', 'x-metadata': Buffer.from('[1,2]').toString('base64') },
      body: 'x',
    })
    expect(await storageFailure(meta)).toMatchObject({ status: 400, body: { code: 'InvalidRequest' } })
    await expectNothingStored(DOCS, 1)
  })

  it('answers unknown buckets, unknown routes and direct SQL deletes the way Supabase does', async () => {
    const noBucket = await f.aliceClient.storage.from('st-nope').upload(`${f.alice}/a.txt`, 'a')
    expect(noBucket.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' })
    const route = await rawRequest(server, '/nothing/here')
    expect(route.status).toBe(404)
    expect(await route.json()).toMatchObject({
      statusCode: '404',
      message: 'Route GET:/storage/v1/nothing/here not found',
    })
    await expect(
      server.deps.db.query(`delete from storage.objects where bucket_id = $1`, [DOCS]),
    ).rejects.toMatchObject({
      code: '42501',
      message: 'Direct deletion from storage tables is not allowed. Use the Storage API instead.',
    })
  })

  it('serves files that could run as script on the site’s origin only as inert downloads', async () => {
    const token = aliceToken
    await f.aliceClient.storage
      .from(DOCS)
      .upload(`${f.alice}/page.html`, '<script>alert(1)</script>', { contentType: 'text/html' })
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/app.js`, 'alert(1)', { contentType: 'text/javascript' })
    const html = await rawRequest(server, `/object/${DOCS}/${f.alice}/page.html`, { token })
    expect(html.headers.get('content-disposition')).toMatch(/^attachment; filename="page.html"/)
    expect(html.headers.get('x-content-type-options')).toBe('nosniff')
    const js = await rawRequest(server, `/object/${DOCS}/${f.alice}/app.js`, { token })
    expect(js.headers.get('content-type')).toBe('text/plain; charset=utf-8')
    expect(js.headers.get('content-disposition')).toMatch(/^attachment/)
  })
})
