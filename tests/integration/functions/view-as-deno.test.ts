// The view-as Edge Function running on Deno, as Supabase runs it: `deno run` of
// supabase/functions/view-as/index.ts with the environment Supabase sets (SUPABASE_URL and the
// keys, pointing at our server on a loopback port) and its secrets (VIEW_AS_SIGNING_KEY: the key
// the project signs with; VIEW_AS_EXPIRY), our server forwarding /functions/v1/<name> to it
// (FUNCTIONS_URL). Called through supabase-js's functions.invoke: staff open a preview whose token
// our server accepts as the client's, read-only; a client is refused; leaving ends the preview.
import { beforeAll, expect, it } from 'vitest'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { describeOnOneDatabase, useDemoPasswordClients } from '../support/server'
import type { DenoFunction } from '../../../scripts/lib/deno-serve'
import { invokeFunction, useServerForDeno } from './support'
import { users } from '../rls/seed-ids'

interface Answer {
  status: number
  body: {
    data?: { access_token: string; expires_in: number; view_as: { user_id: string; full_name: string } }
    error?: { code: string; message: string }
  } | null
}

describeOnOneDatabase('view-as on Deno, on %s', (kind) => {
  const functions = useServerForDeno(kind, () => ({ AUTH_REVOCATION_CHECK_MS: '0' }))
  const { server } = functions
  let deno: DenoFunction | undefined
  beforeAll(async () => {
    deno = await functions.serve('view-as', {
      VIEW_AS_SIGNING_KEY: JSON.stringify(server.deps.env.JWT_SIGNING_KEYS[0]),
      VIEW_AS_EXPIRY: '600',
    })
  })
  const { admin: asAdmin, lucia: asClient } = useDemoPasswordClients(server, 'admin', 'lucia')

  const call = (client: SupabaseClient, body: Record<string, unknown>) =>
    invokeFunction<Answer['body']>(client, 'view-as', body)

  /** A client on the preview's token alone, as the portal's tab holds it. */
  const asPreview = (token: string) =>
    createClient(server.url, server.anonKey, {
      global: {
        headers: { Authorization: `Bearer ${token}` },
        fetch: async (input, init) => server.app.fetch(new Request(input, init)),
      },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })

  it('opens a read-only preview for staff, which reads what the client reads, and leaving ends it', async () => {
    const opened = await call(asAdmin, { action: 'start', user_id: users.lucia })
    expect(opened, deno!.output()).toMatchObject({
      status: 200,
      body: { data: { expires_in: 600, view_as: { user_id: users.lucia, full_name: 'Lucía Martín' } } },
    })
    const preview = asPreview(opened.body!.data!.access_token)
    const seen = await preview.from('projects').select('id').order('id')
    const mine = await asClient.from('projects').select('id').order('id')
    expect(seen.error).toBeNull()
    expect(seen.data).toEqual(mine.data)
    expect(seen.data!.length).toBeGreaterThan(0)
    const write = await preview.from('profiles').update({ full_name: 'Changed' }).eq('id', users.lucia)
    expect(write.error?.code).toBe('view_as_read_only')

    expect(await call(asAdmin, { action: 'end', user_id: users.lucia })).toMatchObject({ status: 204 })
    expect((await preview.from('projects').select('id')).status).toBe(401)
    const entries = await server.deps.db.query<{ action: string }>(
      `select action from public.activity_log where entity_id = $1 and action like 'view_as%' order by id`,
      [users.lucia],
    )
    expect(entries.rows.map((row) => row.action)).toEqual(['view_as_start', 'view_as_end'])
  })

  it('refuses a client (403) and an anonymous caller (401), opening nothing', async () => {
    expect(await call(asClient, { action: 'start', user_id: users.james })).toMatchObject({
      status: 403,
      body: { error: { code: 'not_admin' } },
    })
    expect(await call(server.client(), { action: 'start', user_id: users.james })).toMatchObject({
      status: 401,
      body: { error: { code: 'not_authenticated' } },
    })
    const previews = await server.deps.db.query('select 1 from private.view_as_previews where client_id = $1', [
      users.james,
    ])
    expect(previews.rows).toEqual([])
  })
})
