// Project dashboards (migration 20261206200000, decision 0039) through supabase-js as the browser
// and the dashboard-embed function use them: who sees which dashboard (audience, organization,
// hidden projects), the allowlist rule in SQL, the named people's rule, the view records and their
// bounds, and the Metabase embed token the function signs (its claims, its lifetime, refusals).
import { afterEach, describe, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { jwtVerify } from 'jose'
import { describeEachDatabase, useTestServer, useSeedClients } from '../support/server'
import { dashboards, projects, users } from './seed-ids'
import { dashboardEmbed } from '../../../supabase/functions/dashboard-embed/handler'
import { functionEnv } from '../../../supabase/functions/_shared/runtime'

const metabaseSite = 'https://metabase.example.com'
const metabaseSecret = 'a-metabase-embedding-secret-of-64-characters-for-the-tests-000000'
const missing = '5f000000-0000-4000-8000-0000000000ff'

describeEachDatabase('project dashboards on %s', (kind) => {
  const server = useTestServer(kind, {
    METABASE_SITE_URL: metabaseSite,
    METABASE_SECRET_KEY: metabaseSecret,
    METABASE_EMBED_MINUTES: '5',
  })
  const { lucia, james, daniel, admin } = useSeedClients(server, 'lucia', 'james', 'daniel', 'admin')
  afterEach(async () => {
    await server.deps.db.exec(`
      delete from public.dashboard_views where viewed_at > now() - interval '1 hour';
      delete from public.project_dashboards where id not in (${Object.values(dashboards)
        .map((id) => `'${id}'`)
        .join(', ')});
      delete from public.dashboard_hosts where created_by is not null;
      update private.dashboard_settings set allow_local_http = false, views_per_minute = 30, view_record_seconds = 60;`)
  })

  const ids = async (client: SupabaseClient) =>
    ((await client.from('project_dashboards').select('id').order('id')).data ?? []).map((row) => row.id as string)

  it('shows each client the dashboards of their organization whose audience includes them', async () => {
    expect(await ids(lucia)).toEqual([dashboards.riberaMetabase, dashboards.riberaPowerBi, dashboards.riberaTableau])
    // James is at Ribera too, but the Power BI draft names only Lucía.
    expect(await ids(james)).toEqual([dashboards.riberaMetabase, dashboards.riberaTableau])
    expect(await ids(daniel)).toEqual([dashboards.kunturLooker])
    expect(await ids(admin)).toHaveLength(4)
    // Nobody but staff reads who is named, nor the allowlist.
    expect((await lucia.from('project_dashboard_people').select('*')).data).toEqual([])
    expect((await lucia.from('dashboard_hosts').select('*')).data).toEqual([])
    expect((await admin.from('project_dashboard_people').select('person_id')).data).toEqual([
      { person_id: users.lucia },
    ])
    // Visitors have no access at all.
    for (const table of ['project_dashboards', 'project_dashboard_people', 'dashboard_hosts', 'dashboard_views']) {
      const read = await server.client().from(table).select('*')
      expect(read.error?.code, table).toBe('42501')
    }
  })

  it('hides dashboards of projects hidden from the client, and lets only staff write', async () => {
    const added = await admin
      .from('project_dashboards')
      .insert({ project_id: projects.riberaHidden, title: 'Borrador', url: 'https://app.powerbi.com/view?r=x' })
      .select('id')
      .single()
    expect(added.error).toBeNull()
    expect(await ids(lucia)).not.toContain(added.data!.id)
    // A client writes nothing: refused, or nothing to change.
    const forged = await lucia
      .from('project_dashboards')
      .insert({ project_id: projects.riberaDashboard, title: 'Mío', url: 'https://app.powerbi.com/view?r=y' })
    expect(forged.error?.code).toBe('42501')
    const changed = await lucia
      .from('project_dashboards')
      .update({ title: 'Cambiado' })
      .eq('id', dashboards.riberaMetabase)
      .select()
    expect(changed).toMatchObject({ error: null, data: [] })
    expect((await lucia.from('project_dashboards').delete().eq('id', dashboards.riberaMetabase).select()).data).toEqual(
      [],
    )
    expect((await lucia.from('dashboard_hosts').insert({ host: 'evil.example.com' })).error?.code).toBe('42501')
    const joined = await lucia
      .from('project_dashboard_people')
      .insert({ dashboard_id: dashboards.riberaPowerBi, person_id: users.james })
    expect(joined.error?.code).toBe('42501')
  })

  it('accepts only https addresses on an allowlisted host, and keeps a host while a dashboard uses it', async () => {
    const attach = (url: string) =>
      admin.from('project_dashboards').insert({ project_id: projects.riberaDashboard, title: 'Prueba', url })
    for (const url of [
      'https://bi.example.com/dashboard',
      'http://app.powerbi.com/view?r=1',
      'https://app.powerbi.com@evil.example.com/view',
      'https://evil.example.com/?next=app.powerbi.com',
      'https://app.powerbi.com.evil.example.com/',
      'javascript:alert(1)//app.powerbi.com',
      'https://app.powerbi.com/view?r=1 onload=x',
      'http://localhost:4321/frame',
    ]) {
      const { error, status } = await attach(url)
      expect(status, url).toBe(400)
      expect(error?.code, url).toBe('23514')
    }
    expect((await attach('https://APP.PowerBI.com/view?r=1')).error).toBeNull()

    // Staff add a host, and a dashboard on it is accepted; the host stays while it is used.
    expect((await admin.from('dashboard_hosts').insert({ host: 'bi.example.com', label: 'Ours' })).error).toBeNull()
    expect((await attach('https://bi.example.com/dashboard')).error).toBeNull()
    const removed = await admin.from('dashboard_hosts').delete().eq('host', 'bi.example.com')
    expect(removed.error?.code).toBe('23503')
    // Hosts are written as a URL's authority, lower case.
    for (const host of [
      'BI.example.com',
      'bi.example.com/path',
      'user@bi.example.com',
      '-bi.example.com',
      'bi example',
    ]) {
      expect((await admin.from('dashboard_hosts').insert({ host })).error?.code, host).toBe('23514')
    }

    // Local http only where the setting allows it (tests and development), and only on the allowlist.
    await server.deps.db.exec('update private.dashboard_settings set allow_local_http = true')
    expect((await attach('http://localhost:4321/frame')).error?.code).toBe('23514')
    expect((await admin.from('dashboard_hosts').insert({ host: 'localhost:4321' })).error).toBeNull()
    expect((await attach('http://localhost:4321/frame')).error).toBeNull()
    expect((await attach('http://localhost:4322/frame')).error?.code).toBe('23514')
  })

  it('holds the kinds’ fields and names only clients of the project’s organization', async () => {
    // A Metabase dashboard without its number, with an address as well, or with a parameter that is no name.
    for (const fields of [
      { title: 'Sin número', locked_parameter: 'organizacion' },
      {
        title: 'Con dirección',
        url: 'https://app.powerbi.com/view',
        metabase_dashboard_id: 3,
        locked_parameter: 'organizacion',
      },
      { title: 'Parámetro', metabase_dashboard_id: 3, locked_parameter: 'org"; drop' },
    ]) {
      const refused = await admin
        .from('project_dashboards')
        .insert({ project_id: projects.riberaDashboard, kind: 'metabase', ...fields })
      expect(refused.error?.code, fields.title).toBe('23514')
    }
    for (const title of ['', '   ', 'x'.repeat(121)]) {
      const { error } = await admin
        .from('project_dashboards')
        .insert({ project_id: projects.riberaDashboard, title, url: 'https://app.powerbi.com/view' })
      expect(error?.code, JSON.stringify(title)).toBe('23514')
    }
    // Daniel is at Kuntur, the admin is staff: neither can be named on a Ribera dashboard.
    for (const person of [users.daniel, users.admin]) {
      const { error } = await admin
        .from('project_dashboard_people')
        .insert({ dashboard_id: dashboards.riberaPowerBi, person_id: person })
      expect(error?.code, person).toBe('23514')
    }
    expect(
      (
        await admin
          .from('project_dashboard_people')
          .insert({ dashboard_id: dashboards.riberaPowerBi, person_id: users.james })
      ).error,
    ).toBeNull()
    expect(await ids(james)).toContain(dashboards.riberaPowerBi)
    await admin
      .from('project_dashboard_people')
      .delete()
      .match({ dashboard_id: dashboards.riberaPowerBi, person_id: users.james })
    expect(await ids(james)).not.toContain(dashboards.riberaPowerBi)
  })

  it('records an opening once per window, answers "not found" alike to anyone who may not see it', async () => {
    const views = async () =>
      (
        await server.deps.db.query<{ viewer_id: string }>(
          `select viewer_id from public.dashboard_views where dashboard_id = $1 and viewed_at > now() - interval '1 hour'`,
          [dashboards.riberaTableau],
        )
      ).rows
    const first = await lucia.rpc('open_dashboard', { p_dashboard_id: dashboards.riberaTableau })
    expect(first.error).toBeNull()
    expect(first.data).toMatchObject({
      kind: 'link',
      url: 'https://public.tableau.com/views/demo-ribera-stock',
      refuses_framing: true,
      metabase: null,
    })
    await lucia.rpc('open_dashboard', { p_dashboard_id: dashboards.riberaTableau })
    expect(await views()).toEqual([{ viewer_id: users.lucia }])

    // Another organization's, one not naming the caller, and one that does not exist: the same 404.
    for (const [client, id] of [
      [daniel, dashboards.riberaTableau],
      [james, dashboards.riberaPowerBi],
      [lucia, missing],
    ] as const) {
      const { error, status } = await client.rpc('open_dashboard', { p_dashboard_id: id })
      expect(status).toBe(404)
      expect(error?.message).toBe('Dashboard not found')
    }
    expect((await server.client().rpc('open_dashboard', { p_dashboard_id: dashboards.riberaTableau })).status).toBe(401)

    // Staff read the views; clients read none.
    const summary = await admin.rpc('project_dashboard_views', { p_project_id: projects.riberaDashboard })
    const tableau = (
      summary.data as { dashboard_id: string; views: number; last_viewers: { viewer_name: string }[] }[]
    ).find((row) => row.dashboard_id === dashboards.riberaTableau)
    expect(tableau?.views).toBe(2)
    expect(tableau?.last_viewers[0]?.viewer_name).toBe('Lucía Martín')
    expect((await lucia.rpc('project_dashboard_views', { p_project_id: projects.riberaDashboard })).data).toEqual([])
    expect((await lucia.from('dashboard_views').select('*')).data).toEqual([])

    // A client opening dashboards in a loop is stopped (429), with nothing recorded past the bound.
    await server.deps.db.exec('update private.dashboard_settings set views_per_minute = 1, view_record_seconds = 1')
    const again = await lucia.rpc('open_dashboard', { p_dashboard_id: dashboards.riberaMetabase })
    expect(again.status).toBe(429)
  })

  describe('the Metabase embed (dashboard-embed)', () => {
    const embed = (client: SupabaseClient, body: unknown) =>
      client.functions.invoke<{ data: { url: string; expires_at: number } }>('dashboard-embed', {
        body: body as object,
      })
    const status = async (client: SupabaseClient, body: unknown) => {
      const { error } = await embed(client, body)
      return (error as { context?: Response } | null)?.context?.status ?? 200
    }

    it('signs a short-lived token for the caller’s organization only', async () => {
      const { data, error } = await embed(lucia, { dashboard_id: dashboards.riberaMetabase })
      expect(error).toBeNull()
      const url = data!.data.url
      const match = /^https:\/\/metabase\.example\.com\/embed\/dashboard\/([^#]+)#bordered=false&titled=false$/.exec(
        url,
      )
      expect(match).not.toBeNull()
      const { payload, protectedHeader } = await jwtVerify(match![1]!, new TextEncoder().encode(metabaseSecret))
      expect(protectedHeader.alg).toBe('HS256')
      expect(payload).toMatchObject({ resource: { dashboard: 12 }, params: { organizacion: 'almacenes-ribera' } })
      const lifetime = payload.exp! - Math.floor(Date.now() / 1000)
      expect(lifetime).toBeGreaterThan(5 * 60 - 30)
      expect(lifetime).toBeLessThanOrEqual(5 * 60)
      // The opening is recorded like any other.
      const { rows } = await server.deps.db.query(
        `select 1 from public.dashboard_views where dashboard_id = $1 and viewer_id = $2 and viewed_at > now() - interval '1 minute'`,
        [dashboards.riberaMetabase, users.lucia],
      )
      expect(rows).toHaveLength(1)
    })

    it('refuses anyone who may not see it, and anything that is not a Metabase dashboard', async () => {
      expect(await status(daniel, { dashboard_id: dashboards.riberaMetabase })).toBe(404)
      expect(await status(lucia, { dashboard_id: missing })).toBe(404)
      expect(await status(server.client(), { dashboard_id: dashboards.riberaMetabase })).toBe(401)
      expect(await status(lucia, { dashboard_id: dashboards.riberaTableau })).toBe(400)
      expect(await status(lucia, { dashboard_id: 'not-a-uuid' })).toBe(400)
      // A parameter in the request changes nothing: the value comes from the database.
      const { data } = await embed(lucia, {
        dashboard_id: dashboards.riberaMetabase,
        params: { organizacion: 'kuntur-pay' },
      })
      const token = /embed\/dashboard\/([^#]+)/.exec(data!.data.url)![1]!
      const { payload } = await jwtVerify(token, new TextEncoder().encode(metabaseSecret))
      expect(payload.params).toEqual({ organizacion: 'almacenes-ribera' })
    })

    it('says Metabase is not set up when the site or the secret is missing', async () => {
      const handler = dashboardEmbed(
        functionEnv(
          (name) =>
            ({
              SUPABASE_URL: server.url,
              SUPABASE_ANON_KEY: server.anonKey,
              SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey,
            })[name],
        ),
      )
      const response = await handler(
        new Request('http://functions.test/dashboard-embed', {
          method: 'POST',
          headers: { Authorization: 'Bearer some-user-token', 'Content-Type': 'application/json' },
          body: JSON.stringify({ dashboard_id: dashboards.riberaMetabase }),
        }),
      )
      expect(response.status).toBe(503)
      expect(await response.json()).toMatchObject({ error: { code: 'metabase_unavailable' } })
    })
  })
})
