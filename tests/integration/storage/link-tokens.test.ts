// A signed link opens one file and nothing else (issue 21 item 1): the token in a download or upload
// link works for exactly its object and operation, through supabase-js as the browser uses it, and
// is refused as a bearer on every API and as a Realtime token with the answer any bad token gets.
import { createClient } from '@supabase/supabase-js'
import { beforeAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { describeOnOneDatabase, useTestServer } from '../support/server'
import { DOCS, expectSameBytes, randomBytes, useStorageFixtures } from './support'

describeOnOneDatabase('signed link tokens on %s', (kind) => {
  const server = useTestServer(kind)
  let base: string
  const f = useStorageFixtures(server)
  const bytes = randomBytes(5_000)
  let path: string
  /** A download link's token signed by Alice, one by the service role, and an upload link's. */
  let tokens: Record<'download' | 'serviceDownload' | 'upload', string>

  const tokenOf = (url: string) => new URL(url, server.url).searchParams.get('token')!

  beforeAll(async () => {
    base = await server.listen()
    path = `${f.alice}/links/report.pdf`
    const { error } = await f.aliceClient.storage.from(DOCS).upload(path, bytes, { contentType: 'application/pdf' })
    if (error) throw error
    const download = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 3600)
    const serviceDownload = await f.serviceClient.storage.from(DOCS).createSignedUrl(path, 3600)
    const upload = await f.aliceClient.storage.from(DOCS).createSignedUploadUrl(`${f.alice}/links/new.pdf`)
    tokens = {
      download: tokenOf(download.data!.signedUrl),
      serviceDownload: tokenOf(serviceDownload.data!.signedUrl),
      upload: upload.data!.token,
    }
  })

  /** What an API answers a bearer: status and body, to compare with a forged token's. */
  const answerTo = async (token: string, request: { path: string; method?: string; body?: unknown }) => {
    const response = await server.request(request.path, {
      method: request.method ?? 'GET',
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    })
    return { status: response.status, body: await response.text() }
  }
  const forged = (token: string) => `${token.slice(0, token.lastIndexOf('.'))}.${'A'.repeat(43)}`

  it('works for its own download and upload, through supabase-js', async () => {
    const { data } = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60)
    const response = await fetch(`${base}${new URL(data!.signedUrl).pathname}${new URL(data!.signedUrl).search}`)
    expect(response.status).toBe(200)
    expectSameBytes(await response.arrayBuffer(), bytes)

    const target = `${f.alice}/links/uploaded.pdf`
    const signed = await f.aliceClient.storage.from(DOCS).createSignedUploadUrl(target)
    const uploaded = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(target, signed.data!.token, bytes, { contentType: 'application/pdf' })
    expect(uploaded.error).toBeNull()
    const back = await f.aliceClient.storage.from(DOCS).download(target)
    expectSameBytes(await back.data!.arrayBuffer(), bytes)
  })

  it('is refused for another object or another operation', async () => {
    const other = `${f.alice}/links/other.pdf`
    await f.aliceClient.storage.from(DOCS).upload(other, 'other', { contentType: 'application/pdf' })
    const moved = await server.request(`/storage/v1/object/sign/${DOCS}/${other}?token=${tokens.download}`)
    expect(moved.status).toBe(400)
    expect(await moved.json()).toMatchObject({ error: 'InvalidSignature' })

    // An upload token does not download, and a download token does not upload.
    const uploadAsDownload = await server.request(
      `/storage/v1/object/sign/${DOCS}/${f.alice}/links/new.pdf?token=${tokens.upload}`,
    )
    expect(uploadAsDownload.status).toBe(400)
    expect(await uploadAsDownload.json()).toMatchObject({ error: 'InvalidSignature' })
    const downloadAsUpload = await f.anonClient.storage
      .from(DOCS)
      .uploadToSignedUrl(path, tokens.download, 'overwritten', { contentType: 'application/pdf' })
    expect(downloadAsUpload.error).not.toBeNull()
    const unchanged = await f.aliceClient.storage.from(DOCS).download(path)
    expectSameBytes(await unchanged.data!.arrayBuffer(), bytes)
  })

  it('is refused as a bearer on every API, exactly as a forged token is', async () => {
    const requests = [
      { path: '/rest/v1/profiles?select=id' },
      { path: '/rest/v1/rpc/is_admin', method: 'POST', body: {} },
      { path: '/auth/v1/user' },
      { path: '/auth/v1/user', method: 'PUT', body: { data: { full_name: 'Owned' } } },
      { path: '/auth/v1/admin/users' },
      { path: `/storage/v1/object/list/${DOCS}`, method: 'POST', body: { prefix: f.alice } },
      { path: `/storage/v1/object/authenticated/${DOCS}/${path}` },
      { path: '/functions/v1/admin-users', method: 'POST', body: { action: 'list' } },
    ]
    for (const token of Object.values(tokens))
      for (const request of requests) {
        const answer = await answerTo(token, request)
        expect(answer.status, request.path).toBeGreaterThanOrEqual(400)
        expect(answer.status, request.path).toBeLessThan(500)
        expect(answer, `${request.method ?? 'GET'} ${request.path}`).toEqual(await answerTo(forged(token), request))
      }
  })

  it('is refused as a Realtime token, at the socket and at a channel join', async () => {
    for (const token of Object.values(tokens)) {
      const socket = new WebSocket(`${base.replace('http', 'ws')}/realtime/v1/websocket?apikey=${token}&vsn=1.0.0`)
      socket.on('error', () => undefined)
      const status = await new Promise<number>((resolve) => {
        socket.on('unexpected-response', (request, response) => {
          resolve(response.statusCode ?? 0)
          request.destroy()
        })
        socket.on('open', () => (resolve(101), socket.close()))
      })
      expect(status).toBe(401)

      const client = createClient(base, server.anonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
        realtime: { transport: WebSocket as never },
      })
      await client.realtime.setAuth(token)
      const refusal = await new Promise<string>((resolve) =>
        client.channel('links').subscribe((state, error) => resolve(`${state} ${error?.message ?? ''}`)),
      )
      expect(refusal).toMatch(/^CHANNEL_ERROR .*JwtSignatureError/)
      await client.removeAllChannels()
    }
  })

  it('opens its object when the service role signed it, and nothing more', async () => {
    const response = await server.request(`/storage/v1/object/sign/${DOCS}/${path}?token=${tokens.serviceDownload}`)
    expect(response.status).toBe(200)
  })
})
