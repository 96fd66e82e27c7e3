// "View as client" (issue 12 item 5, decision 0022): only active staff can open a preview of a
// client user's portal; the preview token reads exactly what the client reads and writes nothing
// anywhere (REST, RPC, storage, auth, realtime presence); downloads in a preview are not recorded
// as the client's; entering and leaving are staff-only activity entries; the preview ends with
// its token or with the staff member's session.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { decodeProtectedHeader } from 'jose'
import WebSocket from 'ws'
import { beforeAll, expect, it } from 'vitest'
import { seedDemoFiles } from '../../../supabase/demo-files/seed'
import { functionEnv } from '../../../supabase/functions/_shared/runtime'
import { viewAs } from '../../../supabase/functions/view-as/handler'
import { signedDocumentUrl } from '../../../src/lib/storage/document-link'
import { documents, projects, tasks, users } from '../rls/seed-ids'
import {
  describeOnOneDatabase,
  signInWithDemoPassword,
  useDemoPasswordClients,
  useTestServer,
  storedSessionAuth,
} from '../support/server'
import { claimsOf } from './support/helpers'

interface Preview {
  access_token: string
  expires_in: number
  expires_at: number
  refresh_token?: string
  user: { id: string }
  view_as: { user_id: string; full_name: string; organization_name: string }
}

describeOnOneDatabase('view as client on %s', (kind) => {
  const server = useTestServer(kind, { AUTH_VIEW_AS_EXPIRY: '900' }, (started) =>
    seedDemoFiles(started.serviceClient()),
  )
  const { admin, lucia } = useDemoPasswordClients(server, 'admin', 'lucia')
  let adminToken: string
  let luciaToken: string
  const tokenOf = async (client: SupabaseClient) => (await client.auth.getSession()).data.session!.access_token
  beforeAll(async () => {
    ;[adminToken, luciaToken] = [await tokenOf(admin), await tokenOf(lucia)]
  })
  /** A session of its own, for cases that end it. */
  const signIn = async (email: string) => {
    const client = await signInWithDemoPassword(server, email)
    return { client, token: await tokenOf(client) }
  }

  /** The view-as Edge Function, as supabase-js's functions.invoke calls it. */
  const call = (action: 'start' | 'end', token: string | null, userId: string) =>
    server.request('/functions/v1/view-as', {
      method: 'POST',
      headers: {
        apikey: server.anonKey,
        'content-type': 'application/json',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify({ action, user_id: userId }),
    })
  const start = async (token: string, userId: string) => {
    const response = await call('start', token, userId)
    expect(response.status).toBe(200)
    return ((await response.json()) as { data: Preview }).data
  }
  /** The browser's way: a supabase-js client whose stored session is the preview (no refresh token). */
  const previewClient = (preview: Preview, base?: string): SupabaseClient => {
    const stored = new Map<string, string>()
    stored.set('preview', JSON.stringify({ ...preview, token_type: 'bearer', refresh_token: '' }))
    // With `base`: the listening server (real fetch and WebSocket), else the app in-process.
    return createClient(base ?? server.url, server.anonKey, {
      global: base ? {} : { fetch: async (input, init) => server.app.fetch(new Request(input, init)) },
      auth: storedSessionAuth(stored, 'preview'),
      realtime: { transport: WebSocket as never },
    })
  }
  const entriesAbout = async (userId: string) =>
    (
      await server.deps.db.query<{ actor_id: string; action: string; is_internal: boolean }>(
        `select actor_id, action, is_internal from public.activity_log
         where entity_id = $1 and action like 'view_as%' order by id`,
        [userId],
      )
    ).rows

  it('is for active staff only, and says nothing about whom a non-staff caller named', async () => {
    expect((await call('start', null, users.lucia)).status).toBe(401)
    expect((await call('start', server.anonKey, users.lucia)).status).toBe(401)
    const asClient = await call('start', luciaToken, users.james)
    const asClientUnknown = await call('start', luciaToken, '00000000-0000-4000-8000-000000000000')
    expect(asClient.status).toBe(403)
    expect(asClientUnknown.status).toBe(403)
    expect(await asClient.json()).toEqual(await asClientUnknown.json())

    // Staff asking for someone who is not an active client user: one answer for every case.
    await server.deps.db.query('update public.profiles set is_active = false where id = $1', [users.sarah])
    const answers = []
    for (const target of [users.sarah, users.superAdmin, '00000000-0000-4000-8000-000000000000']) {
      const response = await call('start', adminToken, target)
      answers.push({ status: response.status, body: await response.json() })
    }
    expect(answers.map((a) => a.status)).toEqual([404, 404, 404])
    expect(new Set(answers.map((a) => JSON.stringify(a.body))).size).toBe(1)
    expect((await call('start', adminToken, 'not-a-uuid')).status).toBe(400)
    expect(await entriesAbout(users.sarah)).toEqual([])
  })

  it('mints a short-lived token for the client, without a refresh token, and records the entering', async () => {
    const preview = await start(adminToken, users.lucia)
    expect(preview.refresh_token).toBeUndefined()
    expect(preview.expires_in).toBe(900)
    expect(preview.view_as).toMatchObject({ user_id: users.lucia, full_name: 'Lucía Martín' })
    const claims = claimsOf(preview.access_token)
    expect(claims).toMatchObject({ sub: users.lucia, role: 'authenticated', view_as: users.admin })
    expect(Number(claims.exp) - Number(claims.iat)).toBe(900)
    expect(claims.session_id).toBe(claimsOf(adminToken).session_id)
    expect(claims).toMatchObject({ aal: 'aal2', iss: `${server.url}/auth/v1`, amr: [{ method: 'view_as' }] })
    expect(claims.view_as_id).toMatch(/^[0-9a-f-]{36}$/)
    // Signed with the key our auth signs with (on Supabase: the key the project imported).
    expect(decodeProtectedHeader(preview.access_token)).toMatchObject({
      alg: server.deps.env.JWT_SIGNING_KEYS[0]!.alg,
      kid: server.deps.env.JWT_SIGNING_KEYS[0]!.kid,
    })
    expect(await entriesAbout(users.lucia)).toEqual([
      { actor_id: users.admin, action: 'view_as_start', is_internal: true },
    ])

    // The entry is staff-only: the client never reads it, staff do.
    const own = await lucia.from('activity_log').select('id').eq('entity_id', users.lucia).like('action', 'view_as%')
    expect(own.data).toEqual([])
    const staff = await admin
      .from('activity_log')
      .select('action')
      .eq('entity_id', users.lucia)
      .like('action', 'view_as%')
    expect(staff.data).toEqual([{ action: 'view_as_start' }])

    // A preview cannot open another one.
    const nested = await call('start', preview.access_token, users.james)
    expect(nested.status).toBe(403)
    expect((await nested.json()).error.code).toBe('view_as_read_only')
    expect((await call('end', preview.access_token, users.lucia)).status).toBe(403)
  })

  it('reads exactly what the client reads', async () => {
    const preview = previewClient(await start(adminToken, users.lucia))
    const { data: user } = await preview.auth.getUser()
    expect(user.user?.id).toBe(users.lucia)
    for (const table of ['projects', 'documents', 'tasks', 'reports', 'notifications', 'activity_log'] as const) {
      const mine = await lucia.from(table).select('id').order('id')
      const seen = await preview.from(table).select('id').order('id')
      expect(seen.error).toBeNull()
      expect(seen.data, table).toEqual(mine.data)
    }
    expect((await preview.from('projects').select('id')).data?.length).toBeGreaterThan(0)
    const unread = await preview.rpc('conversation_unread_counts')
    expect(unread.data).toEqual((await lucia.rpc('conversation_unread_counts')).data)
  })

  it('refuses every write, with one code, and changes nothing', async () => {
    const preview = previewClient(await start(adminToken, users.lucia))
    const refused = (result: { error: { code?: string; message: string } | null; status?: number }) => {
      expect(result.error?.code).toBe('view_as_read_only')
      expect(result.status).toBe(403)
    }
    refused(await preview.from('tasks').update({ title: 'Changed in a preview' }).eq('id', tasks.riberaForLucia))
    refused(
      await preview.from('notifications').update({ read_at: new Date().toISOString() }).eq('user_id', users.lucia),
    )
    refused(await preview.from('notifications').delete().eq('user_id', users.lucia))
    refused(await preview.from('conversation_messages').insert({ project_id: projects.riberaDashboard, body: 'Hello' }))
    const readMarker = () =>
      server.deps.db.query(
        'select last_read_at from public.conversation_reads where user_id = $1 and project_id = $2',
        [users.lucia, projects.riberaDashboard],
      )
    const markerBefore = (await readMarker()).rows
    // An RPC that writes runs, read-only, until its first write.
    refused(
      await preview.rpc('mark_conversation_read', {
        target_project: projects.riberaDashboard,
        up_to: new Date().toISOString(),
      }),
    )
    expect((await readMarker()).rows).toEqual(markerBefore)
    const task = await server.deps.db.query('select title from public.tasks where id = $1', [tasks.riberaForLucia])
    expect(task.rows[0]).not.toEqual({ title: 'Changed in a preview' })

    // Storage: upload, remove, move.
    const path = `${projects.riberaDashboard}/preview.txt`
    const upload = await preview.storage.from('documents').upload(path, new Blob(['x']), { contentType: 'text/plain' })
    expect(upload.error).toMatchObject({ statusCode: '403' })
    const kpi = (
      await server.deps.db.query<{ storage_path: string }>('select storage_path from public.documents where id = $1', [
        documents.riberaClientUpload,
      ])
    ).rows[0]!.storage_path
    expect((await preview.storage.from('documents').remove([kpi])).error).toMatchObject({ statusCode: '403' })
    expect((await preview.storage.from('documents').move(kpi, `${kpi}.moved`)).error).toMatchObject({
      statusCode: '403',
    })

    // Auth: the client's account, second factors and sessions are out of reach.
    const update = await preview.auth.updateUser({ data: { locale: 'en' } })
    expect(update.error).toMatchObject({ status: 403, code: 'view_as_read_only' })
    const enroll = await preview.auth.mfa.enroll({ factorType: 'totp' })
    expect(enroll.error).toMatchObject({ status: 403, code: 'view_as_read_only' })
    const token = (await preview.auth.getSession()).data.session!.access_token
    const logout = await server.request('/auth/v1/logout?scope=global', {
      method: 'POST',
      headers: { apikey: server.anonKey, authorization: `Bearer ${token}` },
    })
    expect(logout.status).toBe(403)
    // Lucía's own session still works.
    expect((await lucia.from('projects').select('id')).error).toBeNull()
  })

  it('downloads the client can download, recording nothing as the client', async () => {
    const preview = previewClient(await start(adminToken, users.lucia))
    const pathOf = async (id: string) =>
      (
        await server.deps.db.query<{ storage_path: string }>(
          'select storage_path from public.documents where id = $1',
          [id],
        )
      ).rows[0]!.storage_path
    const path = await pathOf(documents.riberaKpiSpec)
    const count = async () =>
      Number(
        (await server.deps.db.query<{ n: string }>('select count(*) as n from public.document_downloads')).rows[0]!.n,
      )
    const before = await count()
    // The portal's way: the record (answered, recording nothing), then the link.
    await expect(signedDocumentUrl(preview, documents.riberaKpiSpec, path, 'kpi.pdf')).resolves.toContain('token=')
    expect((await preview.storage.from('documents').download(path)).error).toBeNull()
    const signed = await preview.storage.from('documents').createSignedUrl(path, 60)
    expect(signed.error).toBeNull()
    const response = await server.request(signed.data!.signedUrl)
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await count()).toBe(before)
    // What the client cannot read, the preview cannot either.
    const hidden = await pathOf(documents.riberaInternalNotes)
    expect((await preview.storage.from('documents').download(hidden)).error).not.toBeNull()
    const refused = await preview.rpc('record_document_download', { p_document_id: documents.riberaInternalNotes })
    expect(refused.status).toBe(404)
  })

  it('is never the client present in a conversation', async () => {
    const preview = previewClient(await start(adminToken, users.lucia), await server.listen())
    const token = (await preview.auth.getSession()).data.session!.access_token
    await preview.realtime.setAuth(token)
    const channel = preview.channel(`conversation:${projects.riberaDashboard}`, { config: { private: true } })
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve()
        else if (error) reject(error)
      }),
    )
    expect(await channel.track({ name: 'Lucía' })).toBe('error')
    await preview.removeChannel(channel)
  })

  it('records the leaving from the staff session, and the leaving ends the preview on every API', async () => {
    const { token } = await signIn('admin@caucedata.com')
    const previewed = await start(token, users.james)
    const preview = previewClient(previewed)
    expect((await preview.from('projects').select('id')).error).toBeNull()
    const kpi = await server.deps.db.query<{ storage_path: string }>(
      'select storage_path from public.documents where id = $1',
      [documents.riberaKpiSpec],
    )
    const link = await preview.storage.from('documents').createSignedUrl(kpi.rows[0]!.storage_path, 600)
    expect((await server.request(link.data!.signedUrl)).status).toBe(200)
    expect((await call('end', luciaToken, users.james)).status).toBe(403)
    expect((await call('end', token, users.james)).status).toBe(204)
    // Asked again (a reload of the admin page, a second tab): still fine, and recorded once.
    expect((await call('end', token, users.james)).status).toBe(204)
    expect((await entriesAbout(users.james)).map((e) => e.action)).toEqual(['view_as_start', 'view_as_end'])
    // A link the preview made ends with it, at once: the database no longer lets the preview read.
    expect((await server.request(link.data!.signedUrl)).status).toBe(400)

    // Within the bound of any revocation (AUTH_REVOCATION_CHECK_MS), not at the token's expiry.
    await expect
      .poll(async () => (await preview.from('projects').select('id')).status, { timeout: 10_000, interval: 250 })
      .toBe(401)
    const bearer = { apikey: server.anonKey, authorization: `Bearer ${previewed.access_token}` }
    expect((await server.request('/auth/v1/user', { headers: bearer })).status).toBe(403)
    const listed = await server.request('/storage/v1/object/list/documents', {
      method: 'POST',
      headers: { ...bearer, 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: '' }),
    })
    expect([400, 401, 403]).toContain(listed.status)
    // Realtime refuses the join, and the staff member's own session goes on.
    const live = previewClient(previewed, await server.listen())
    await live.realtime.setAuth(previewed.access_token)
    const refusal = await new Promise<string>((resolve) =>
      live.channel('after-the-end').subscribe((state, error) => resolve(`${state} ${error?.message ?? ''}`)),
    )
    expect(refusal).toMatch(/^CHANNEL_ERROR .*session_id/)
    await live.removeAllChannels()
    expect(
      (await server.request('/auth/v1/user', { headers: { ...bearer, authorization: `Bearer ${token}` } })).status,
    ).toBe(200)
  })

  it('answers bad requests 4xx, and the auth API has no view_as endpoint (Supabase has none)', async () => {
    const raw = (init: RequestInit) => server.request('/functions/v1/view-as', init)
    const headers = { apikey: server.anonKey, authorization: `Bearer ${adminToken}` }
    expect((await raw({ method: 'GET', headers })).status).toBe(405)
    expect((await raw({ method: 'POST', headers, body: '{not json' })).status).toBe(400)
    const unknownAction = await raw({
      method: 'POST',
      headers,
      body: JSON.stringify({ action: 'open', user_id: users.lucia }),
    })
    expect(unknownAction.status).toBe(400)
    expect((await unknownAction.json()).error.code).toBe('validation_failed')
    expect((await raw({ method: 'OPTIONS' })).headers.get('access-control-allow-methods')).toContain('POST')
    expect((await call('start', 'not.a.token', users.lucia)).status).toBe(401)
    for (const path of ['/auth/v1/view_as', '/auth/v1/view_as/end']) {
      const response = await server.request(path, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: users.lucia }),
      })
      expect(response.status, path).toBe(404)
    }
  })

  it('is off without a signing key, and says so, opening nothing; a key that cannot sign stops it at start', async () => {
    const settings: Record<string, string> = {
      SUPABASE_URL: server.url,
      SUPABASE_ANON_KEY: server.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey,
    }
    const env = (extra: Record<string, string>) =>
      functionEnv((name) => ({ ...settings, ...extra })[name], {
        fetch: async (input, init) => server.app.fetch(new Request(input, init)),
      })
    const previews = async () =>
      Number(
        (await server.deps.db.query<{ n: string }>('select count(*) as n from private.view_as_previews')).rows[0]!.n,
      )
    const before = await previews()
    const off = viewAs(env({}))
    const answer = await off(
      new Request(`${server.url}/functions/v1/view-as`, {
        method: 'POST',
        headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
        body: JSON.stringify({ action: 'start', user_id: users.lucia }),
      }),
    )
    expect(answer.status).toBe(503)
    expect((await answer.json()).error.code).toBe('view_as_unavailable')
    expect(await previews()).toBe(before)
    expect(() => viewAs(env({ VIEW_AS_SIGNING_KEY: '{"kty":"oct","k":"c2VjcmV0"}' }))).toThrow(/VIEW_AS_SIGNING_KEY/)
    expect(() => viewAs(env({ VIEW_AS_SIGNING_KEY: 'not json' }))).toThrow(/VIEW_AS_SIGNING_KEY/)
    expect(() => viewAs(env({ VIEW_AS_EXPIRY: '5' }))).toThrow(/VIEW_AS_EXPIRY/)
  })

  it('ends with the staff session', async () => {
    const { client: staff, token } = await signIn('admin@caucedata.com')
    const preview = previewClient(await start(token, users.james))
    expect((await preview.from('projects').select('id')).error).toBeNull()
    await staff.auth.signOut()
    // The revocation check remembers a live session for at most AUTH_REVOCATION_CHECK_MS.
    await expect
      .poll(async () => (await preview.from('projects').select('id')).status, { timeout: 10_000, interval: 250 })
      .toBe(401)
  })
})
