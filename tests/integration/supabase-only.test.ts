// Supabase-only mode (SUPABASE_ONLY, decision 0028): our server answers only what Supabase itself
// has, and what our server used to hold in front of the SQL is left to the SQL, as on Supabase:
// a staff preview writes nothing through REST or Storage because of public.pre_request (PostgREST's
// db-pre-request) and the restrictive storage policies; a signed-out session's token is refused
// by the role helpers (private.token_stands) rather than by us; signed URLs take any lifetime;
// the site is not served. A second server in the default mode, on the same database, stands in for
// the edge runtime the functions run on (FUNCTIONS_URL).
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { seedDemoFiles } from '../../supabase/demo-files/seed'
import { readEnv } from '../../supabase/server/env'
import { createServer } from '../../supabase/server/server'
import { demoPassword } from '../../supabase/server/welcome'
import { documents, projects, tasks, users } from './rls/seed-ids'
import { describeOnOneDatabase, startTestServer, type TestServer, storedSessionAuth } from './support/server'

describeOnOneDatabase('Supabase-only mode on %s', (kind) => {
  let functionsHost: TestServer
  let hosted: Awaited<ReturnType<typeof createServer>>
  const dataDir = mkdtempSync(join(tmpdir(), 'cauce-supabase-only-'))
  const origin = 'http://localhost:54329'

  const fetchHosted: typeof fetch = async (input, init) => hosted.app.fetch(new Request(input, init))
  const client = (storage?: Map<string, string>): SupabaseClient =>
    createClient(origin, functionsHost.anonKey, {
      global: { fetch: fetchHosted },
      realtime: { transport: WebSocket as never },
      auth: storage
        ? storedSessionAuth(storage, 'session')
        : { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    })
  const signIn = async (email: string) => {
    const signedIn = client()
    const { data, error } = await signedIn.auth.signInWithPassword({ email, password: demoPassword })
    if (error) throw error
    return { client: signedIn, token: data.session.access_token }
  }
  /** A supabase-js client whose stored session is a staff preview of `userId`, minted by view-as on the edge runtime. */
  const preview = async (staffToken: string, userId: string) => {
    const started = await client().functions.invoke<{ data: Record<string, unknown> }>('view-as', {
      body: { action: 'start', user_id: userId },
      headers: { Authorization: `Bearer ${staffToken}` },
    })
    expect(started.error).toBeNull()
    const stored = new Map([['session', JSON.stringify({ ...started.data!.data, refresh_token: '' })]])
    return client(stored)
  }

  beforeAll(async () => {
    functionsHost = await startTestServer(kind)
    await seedDemoFiles(functionsHost.serviceClient())
    const functionsUrl = `${await functionsHost.listen()}/functions/v1`
    hosted = await createServer({
      env: readEnv({
        NODE_ENV: 'test',
        HOST: 'localhost',
        PORT: '54329',
        DATA_DIR: dataDir,
        SUPABASE_ONLY: 'true',
        FUNCTIONS_URL: functionsUrl,
        AUTH_AUTOCONFIRM: 'true',
        AUTH_ACCOUNT_MAX_FAILURES: '1000',
      }),
      db: functionsHost.deps.db,
      seed: false,
    })
  })
  afterAll(async () => {
    await hosted?.close()
    await functionsHost?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it('needs an edge runtime for its functions', () => {
    expect(() => readEnv({ SUPABASE_ONLY: 'true' })).toThrow(/FUNCTIONS_URL: is required with SUPABASE_ONLY/)
  })

  it('serves no site: every other path answers as Supabase’s API gateway does', async () => {
    for (const path of ['/', '/es', '/en/client-portal/login', '/sitemap.xml']) {
      const response = await fetchHosted(`${origin}${path}`)
      expect(response.status, path).toBe(404)
      expect(await response.json()).toEqual({ message: 'no Route matched with those values' })
    }
    const settings = await fetchHosted(`${origin}/auth/v1/settings`, { headers: { apikey: functionsHost.anonKey } })
    expect(settings.status).toBe(200)
  })

  it('keeps a preview read-only through the SQL alone: REST, RPC and Storage', async () => {
    const { token } = await signIn('admin@caucedata.com')
    const viewing = await preview(token, users.lucia)
    // It reads what the client reads.
    const seen = await viewing.from('projects').select('id')
    expect(seen.error).toBeNull()
    expect(seen.data!.length).toBeGreaterThan(0)

    // A write fails in PostgREST's way: its transaction is read-only (25006, 405).
    const update = await viewing.from('tasks').update({ title: 'Changed in a preview' }).eq('id', tasks.riberaForLucia)
    expect(update).toMatchObject({ status: 405, error: { code: '25006' } })
    const insert = await viewing
      .from('conversation_messages')
      .insert({ project_id: projects.riberaDashboard, body: 'Hi' })
    expect(insert).toMatchObject({ status: 405, error: { code: '25006' } })
    // A definer RPC that writes is stopped at its first write.
    const rpc = await viewing.rpc('mark_conversation_read', {
      target_project: projects.riberaDashboard,
      up_to: new Date().toISOString(),
    })
    expect(rpc.error?.code).toBe('25006')
    const task = await functionsHost.deps.db.query<{ title: string }>('select title from public.tasks where id = $1', [
      tasks.riberaForLucia,
    ])
    expect(task.rows[0]!.title).not.toBe('Changed in a preview')

    // Storage: the restrictive policies refuse uploads, removals and moves.
    const upload = await viewing.storage
      .from('documents')
      .upload(`${projects.riberaDashboard}/preview.txt`, new Blob(['x']), { contentType: 'text/plain' })
    expect(upload.error).toMatchObject({ statusCode: '403' })
    const path = (
      await functionsHost.deps.db.query<{ storage_path: string }>(
        'select storage_path from public.documents where id = $1',
        [documents.riberaClientUpload],
      )
    ).rows[0]!.storage_path
    await viewing.storage.from('documents').remove([path])
    const stillThere = await functionsHost.deps.db.query('select 1 from storage.objects where name = $1', [path])
    expect(stillThere.rows).toHaveLength(1)

    // The same client, signed in herself, writes as before.
    const { client: lucia } = await signIn('lucia.martin@example.com')
    const own = await lucia.rpc('mark_conversation_read', {
      target_project: projects.riberaDashboard,
      up_to: new Date().toISOString(),
    })
    expect(own.error).toBeNull()
  })

  it('leaves revocation to the role helpers: a signed-out token sees nothing, as on Supabase', async () => {
    const { client: lucia, token } = await signIn('lucia.martin@example.com')
    expect((await lucia.from('projects').select('id')).data!.length).toBeGreaterThan(0)
    await lucia.auth.signOut()
    const stale = createClient(origin, functionsHost.anonKey, {
      global: { fetch: fetchHosted, headers: { Authorization: `Bearer ${token}` } },
      realtime: { transport: WebSocket as never },
      auth: { persistSession: false, autoRefreshToken: false },
    })
    const after = await stale.from('projects').select('id')
    expect(after.error).toBeNull()
    expect(after.data).toEqual([])
    const profile = await stale.from('profiles').select('id').eq('id', users.lucia)
    expect(profile.data).toEqual([])
  })

  it('signs a link for any lifetime, as Supabase Storage does', async () => {
    const { client: staff } = await signIn('admin@caucedata.com')
    const path = (
      await functionsHost.deps.db.query<{ storage_path: string }>(
        'select storage_path from public.documents where id = $1',
        [documents.riberaClientUpload],
      )
    ).rows[0]!.storage_path
    const tenYears = 10 * 365 * 24 * 3600
    const signed = await staff.storage.from('documents').createSignedUrl(path, tenYears)
    expect(signed.error).toBeNull()
    expect(signed.data?.signedUrl).toContain('token=')
  })
})
