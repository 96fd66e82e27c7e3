// The dashboard-embed Edge Function running on Deno, as Supabase runs it (decision 0039): `deno
// run` of supabase/functions/dashboard-embed/index.ts with the environment Supabase sets and its
// secrets (METABASE_SITE_URL, METABASE_SECRET_KEY, METABASE_EMBED_MINUTES), our server forwarding
// /functions/v1/<name> to it (FUNCTIONS_URL). Through supabase-js: a client gets a token for their
// organization's Metabase dashboard, signed with the secret; another organization's client and a
// visitor get nothing.
import { beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { jwtVerify } from 'jose'
import { describeOnOneDatabase, signInWithDemoPassword } from '../support/server'
import type { DenoFunction } from '../../../scripts/lib/deno-serve'
import { invokeFunction, useServerForDeno } from './support'
import { dashboards } from '../rls/seed-ids'

const secret = 'a-metabase-embedding-secret-for-the-deno-test-0123456789abcdef'

describeOnOneDatabase('dashboard-embed on Deno, on %s', (kind) => {
  const functions = useServerForDeno(kind)
  const { server } = functions
  let deno: DenoFunction | undefined
  const signedIn = (email: string) => signInWithDemoPassword(server, email)

  async function call(client: SupabaseClient, dashboardId: string) {
    const answer = await invokeFunction<{ data?: { url: string } }>(client, 'dashboard-embed', {
      dashboard_id: dashboardId,
    })
    return { status: answer.status, url: answer.status === 200 ? answer.body.data!.url : null }
  }

  beforeAll(async () => {
    deno = await functions.serve('dashboard-embed', {
      METABASE_SITE_URL: 'https://metabase.example.com',
      METABASE_SECRET_KEY: secret,
      METABASE_EMBED_MINUTES: '3',
    })
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
