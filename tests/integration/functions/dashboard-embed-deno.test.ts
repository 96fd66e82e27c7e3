// The dashboard-embed Edge Function running on Deno, as Supabase runs it (decision 0039): `deno
// run` of supabase/functions/dashboard-embed/index.ts with the environment Supabase sets and its
// secrets (METABASE_SITE_URL, METABASE_SECRET_KEY, METABASE_EMBED_MINUTES), our server forwarding
// /functions/v1/<name> to it (FUNCTIONS_URL). Through supabase-js: a client gets a token for their
// organization's Metabase dashboard, signed with the secret; another organization's client and a
// visitor get nothing.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { jwtVerify } from 'jose'
import { describeOnOneDatabase, startTestServer, type TestServer } from '../support/server'
import {
  serveOnDeno,
  startFunctionsRouter,
  type DenoFunction,
  type FunctionsRouter,
} from '../../../scripts/lib/deno-serve'
import { dashboards } from '../rls/seed-ids'

const demoPassword = 'demo-password-2026'
const secret = 'a-metabase-embedding-secret-for-the-deno-test-0123456789abcdef'

describeOnOneDatabase('dashboard-embed on Deno, on %s', (kind) => {
  let server: TestServer
  let deno: DenoFunction | undefined
  let router: FunctionsRouter | undefined

  async function signedIn(email: string): Promise<SupabaseClient> {
    const client = server.client()
    const { error } = await client.auth.signInWithPassword({ email, password: demoPassword })
    if (error) throw new Error(`sign-in of ${email} failed: ${error.message}`)
    return client
  }

  async function call(client: SupabaseClient, dashboardId: string) {
    const { data, error } = await client.functions.invoke('dashboard-embed', { body: { dashboard_id: dashboardId } })
    if (!error) return { status: 200, url: (data as { data: { url: string } }).data.url }
    const context = (error as { context?: Response }).context
    if (!(context instanceof Response)) throw error
    return { status: context.status, url: null }
  }

  beforeAll(async () => {
    router = await startFunctionsRouter()
    server = await startTestServer(kind, { FUNCTIONS_URL: router.url })
    const url = await server.listen()
    deno = await serveOnDeno('dashboard-embed', {
      SUPABASE_URL: url,
      SUPABASE_ANON_KEY: server.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey,
      METABASE_SITE_URL: 'https://metabase.example.com',
      METABASE_SECRET_KEY: secret,
      METABASE_EMBED_MINUTES: '3',
    })
    router.add('dashboard-embed', deno)
  })
  afterAll(async () => {
    await deno?.stop()
    await router?.close()
    await server?.close()
  })

  it('signs the organization’s token for its client, and nothing for anyone else', async () => {
    const lucia = await signedIn('lucia.martin@example.com')
    const answer = await call(lucia, dashboards.riberaMetabase)
    expect(answer.status, deno!.output()).toBe(200)
    const token = /^https:\/\/metabase\.example\.com\/embed\/dashboard\/([^#]+)#bordered=false&titled=false$/.exec(
      answer.url!,
    )![1]!
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret))
    expect(payload).toMatchObject({ resource: { dashboard: 12 }, params: { organizacion: 'almacenes-ribera' } })
    expect(payload.exp! - Math.floor(Date.now() / 1000)).toBeLessThanOrEqual(180)

    const daniel = await signedIn('daniel.ortega@example.com')
    expect((await call(daniel, dashboards.riberaMetabase)).status).toBe(404)
    expect((await call(server.client(), dashboards.riberaMetabase)).status).toBe(401)
  })
})
