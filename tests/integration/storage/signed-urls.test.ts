// Signed URLs: created through supabase-js for objects the caller may read, fetched with a plain
// fetch and no credentials, refused once expired, for another path, or tampered with.
import { beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase, useTestServer } from '../support/server'
import { DOCS, expectSameBytes, randomBytes, storageFailure, useStorageFixtures } from './support'
import { organizations, projects, users } from '../rls/seed-ids'
import { downloadName, withDownloadName } from '../../../src/lib/storage/download-name'

describeOnOneDatabase('storage signed URLs on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)
  const bytes = randomBytes(30_000)
  let path: string
  beforeAll(async () => {
    path = `${f.alice}/signed/contract final.pdf`
    const { error } = await f.aliceClient.storage.from(DOCS).upload(path, bytes, { contentType: 'application/pdf' })
    if (error) throw error
  })

  it('round-trips: the signed URL serves the bytes to a plain fetch with no credentials', async () => {
    const { data, error } = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60)
    expect(error).toBeNull()
    const url = new URL(data!.signedUrl)
    expect(url.pathname).toBe(`/storage/v1/object/sign/${DOCS}/${f.alice}/signed/contract%20final.pdf`)
    expect(url.searchParams.get('token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/)
    const response = await server.request(data!.signedUrl)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('application/pdf')
    expect(response.headers.get('content-disposition')).toBeNull()
    expectSameBytes(await response.arrayBuffer(), bytes)

    const asDownload = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60, { download: 'contrato.pdf' })
    const attachment = await server.request(asDownload.data!.signedUrl)
    expect(attachment.headers.get('content-disposition')).toMatch(/^attachment; filename="contrato.pdf"/)
  })

  it('saves a download under its name with accents: filename* in UTF-8 (RFC 6266 / 5987)', async () => {
    const name = downloadName('Informe de diseño — año 2026', path)
    expect(name).toBe('Informe de diseño — año 2026.pdf')
    const { data } = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60)
    const response = await server.request(withDownloadName(data!.signedUrl, name))
    expect(response.status).toBe(200)
    const disposition = response.headers.get('content-disposition')!
    expect(disposition).toBe(
      `attachment; filename="Informe de dise_o _ a_o 2026.pdf"; filename*=UTF-8''${encodeURIComponent(name)}`,
    )
    // what a browser saves it as: the UTF-8 name, decoded once
    expect(decodeURIComponent(/filename\*=UTF-8''(.+)$/.exec(disposition)![1]!)).toBe(name)

    // why the app does not use createSignedUrl's own `download` option: it encodes twice
    const library = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60, { download: name })
    const twice = await server.request(library.data!.signedUrl)
    expect(twice.headers.get('content-disposition')).toContain('dise%25C3%25B1o')
  })

  it('signs several paths at once, reporting the ones the caller cannot read', async () => {
    await f.bobClient.storage.from(DOCS).upload(`${f.bob}/theirs.txt`, 'bob')
    const { data, error } = await f.aliceClient.storage
      .from(DOCS)
      .createSignedUrls([path, `${f.bob}/theirs.txt`, `${f.alice}/none`], 60)
    expect(error).toBeNull()
    expect(data!.map((entry) => [entry.path, entry.error])).toEqual([
      [path, null],
      [`${f.bob}/theirs.txt`, 'Either the object does not exist or you do not have access to it'],
      [`${f.alice}/none`, 'Either the object does not exist or you do not have access to it'],
    ])
    const fetched = await server.request(data![0]!.signedUrl!)
    expectSameBytes(await fetched.arrayBuffer(), bytes)
    expect(data![1]!.signedUrl).toBeNull()
  })

  it('refuses an expired token with ExpiredToken', async () => {
    const token = await server.deps.keys.signUrlToken({ url: `${DOCS}/${path}`, scope: 'download' }, -5)
    const response = await server.request(`/storage/v1/object/sign/${DOCS}/${encodeURI(path)}?token=${token}`)
    expect(await storageFailure(response)).toEqual({
      status: 400,
      body: {
        statusCode: '400',
        code: 'ExpiredToken',
        error: 'ExpiredToken',
        message: 'The provided token has expired.',
      },
    })
  })

  it('refuses a token for another path, a tampered one, an access token, and none', async () => {
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/signed/other.txt`, 'other')
    const { data } = await f.aliceClient.storage.from(DOCS).createSignedUrl(`${f.alice}/signed/other.txt`, 60)
    const token = new URL(data!.signedUrl).searchParams.get('token')!
    const target = `/storage/v1/object/sign/${DOCS}/${encodeURI(path)}`

    const moved = await server.request(`${target}?token=${token}`)
    expect(await storageFailure(moved)).toMatchObject({
      status: 400,
      body: { statusCode: '400', code: 'InvalidSignature' },
    })

    const [header, payload, signature] = token.split('.')
    const claims = JSON.parse(Buffer.from(payload!, 'base64url').toString())
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, url: `${DOCS}/${path}` })).toString('base64url')
    const tampered = await server.request(`${target}?token=${header}.${forgedPayload}.${signature}`)
    expect(await storageFailure(tampered)).toMatchObject({ status: 400, body: { code: 'InvalidJWT' } })

    const accessToken = await f.tokenFor(f.alice)
    const withAccess = await server.request(`${target}?token=${accessToken}`)
    expect(await storageFailure(withAccess)).toMatchObject({ status: 400, body: { code: 'InvalidJWT' } })

    const missing = await server.request(target)
    expect(await storageFailure(missing)).toMatchObject({ status: 400, body: { code: 'InvalidRequest' } })
  })

  it('validates expiresIn and needs the caller to be able to read the object', async () => {
    const zero = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 0)
    expect(zero.error).toMatchObject({ status: 400, statusCode: '400' })
    const anon = await f.anonClient.storage.from(DOCS).createSignedUrl(path, 60)
    expect(anon.error).toMatchObject({ status: 400, statusCode: '404' })
  })

  it('stops serving a signed URL once its object is removed', async () => {
    const { data } = await f.aliceClient.storage.from(DOCS).createSignedUrl(`${f.alice}/signed/other.txt`, 60)
    await f.aliceClient.storage.from(DOCS).remove([`${f.alice}/signed/other.txt`])
    const response = await server.request(data!.signedUrl)
    expect(await storageFailure(response)).toMatchObject({ status: 400, body: { code: 'NoSuchKey' } })
  })

  it('caps the lifetime at STORAGE_SIGNED_URL_MAX_SECONDS (7 days by default)', async () => {
    const week = 7 * 24 * 3600
    const atMost = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, week)
    expect(atMost.error).toBeNull()
    for (const expiresIn of [week + 1, 2 ** 31 - 1]) {
      const tooLong = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, expiresIn)
      expect(tooLong.data).toBeNull()
      expect(tooLong.error).toMatchObject({ status: 400, statusCode: '400' })
      expect(tooLong.error?.message).toContain(`from 1 to ${week}`)
    }
    const many = await f.aliceClient.storage.from(DOCS).createSignedUrls([path], week + 1)
    expect(many.error?.message).toContain(`from 1 to ${week}`)
  })

  it('ends a link once its signer may no longer read the object (a document un-shared)', async () => {
    // Staff store a file in Almacenes Ribera's dashboard project and share its document.
    const key = `${organizations.ribera}/${projects.riberaDashboard}/shared-then-withdrawn.pdf`
    const service = server.serviceClient()
    const stored = await service.storage.from('documents').upload(key, bytes, { contentType: 'application/pdf' })
    expect(stored.error).toBeNull()
    const inserted = await service
      .from('documents')
      .insert({
        project_id: projects.riberaDashboard,
        name: 'Shared',
        storage_path: key,
        mime_type: 'application/pdf',
        visible_to_client: true,
      })
      .select('id')
      .single()
    expect(inserted.error).toBeNull()
    // Lucía, a client of Ribera, makes a link for it: it serves the file.
    const lucia = f.clientWithToken(await f.tokenFor(users.lucia))
    const { data, error } = await lucia.storage.from('documents').createSignedUrl(key, 3600)
    expect(error).toBeNull()
    expectSameBytes(new Uint8Array(await (await server.request(data!.signedUrl)).arrayBuffer()), bytes)
    // Staff withdraw the document: the same link now answers as for a file that does not exist.
    const hidden = await service.from('documents').update({ visible_to_client: false }).eq('id', inserted.data!.id)
    expect(hidden.error).toBeNull()
    expect(await storageFailure(await server.request(data!.signedUrl))).toMatchObject({
      status: 400,
      body: { code: 'NoSuchKey' },
    })
    // A link staff make keeps working: staff may still read it.
    const staff = f.clientWithToken(await f.tokenFor(users.admin))
    const staffLink = await staff.storage.from('documents').createSignedUrl(key, 60)
    expect((await server.request(staffLink.data!.signedUrl)).status).toBe(200)
  })
})
