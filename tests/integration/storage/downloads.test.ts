// Download records (issue 12, item 5; decision 0028): the app records a download when it asks for
// a document's link (public.record_document_download, then Storage signs it: the very code of
// src/lib/storage/document-link.ts, with real supabase-js clients), and only staff read the records,
// through public.project_document_downloads; a client, even of the same organization, gets an
// empty list. The storage API itself records nothing, as on Supabase.
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import { seedDemoFiles } from '../../../supabase/demo-files/seed'
import { DownloadError, signedDocumentUrl } from '../../../src/lib/storage/document-link'
import { documents, projects, users } from '../rls/seed-ids'
import { describeOnOneDatabase, useDemoPasswordClients, useTestServer } from '../support/server'

interface Download {
  document_id: string
  version: number
  reader_id: string
  reader_name: string | null
  reader_email: string | null
  downloaded_at: string
}

const nowhere = '2a000000-0000-4000-8000-0000000000ff'

describeOnOneDatabase('document download records on %s', (kind) => {
  const paths: Record<string, string> = {}
  const server = useTestServer(kind, {}, async (started) => {
    // The golden database has no files: write the demo documents' files, as the seed does.
    await seedDemoFiles(started.serviceClient())
    for (const row of (
      await started.deps.db.query<{ id: string; storage_path: string }>('select id, storage_path from public.documents')
    ).rows)
      paths[row.id] = row.storage_path
  })
  const { lucia, james, daniel, admin } = useDemoPasswordClients(server, 'lucia', 'james', 'daniel', 'admin')

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.deps.db.query<T>(text, params).then((r) => r.rows)
  const downloadsOf = async (client: SupabaseClient, projectId: string) => {
    const { data, error } = await client.rpc('project_document_downloads', { p_project_id: projectId })
    if (error) throw new Error(error.message)
    return data as unknown as Download[]
  }
  /** What the portal's download button does; resolves to the link. */
  const link = (client: SupabaseClient, documentId: string) =>
    signedDocumentUrl(client, documentId, paths[documentId] ?? 'none/none/none.pdf', 'file.pdf')
  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => 'succeeded',
      (error: unknown) => (error instanceof DownloadError ? error.kind : String(error)),
    )
  /** The documents a client may read (their organization's shared ones), as the owner sees them. */
  const sharedWith = async (client: string) =>
    (
      await sql<{ id: string }>(
        `select d.id from public.documents d join public.projects p on p.id = d.project_id
         where p.organization_id = (select organization_id from public.profiles where id = $1)
           and d.visible_to_client and p.visible_to_client order by d.id`,
        [client],
      )
    ).map((row) => row.id)
  const recordCount = async () =>
    Number((await sql<{ n: string }>('select count(*) as n from public.document_downloads'))[0]!.n)

  it('records the download when the app asks for the link, and staff see who, which version and when', async () => {
    const before = Date.now()
    const url = await link(lucia, documents.riberaKpiSpec)
    const seen = await downloadsOf(admin, projects.riberaDashboard)
    expect(seen).toEqual([
      {
        document_id: documents.riberaKpiSpec,
        version: 1,
        reader_id: users.lucia,
        reader_name: 'Lucía Martín',
        reader_email: 'lucia.martin@example.com',
        downloaded_at: expect.any(String),
      },
    ])
    expect(Date.parse(seen[0]!.downloaded_at)).toBeGreaterThanOrEqual(before - 1000)
    // The link works, and fetching it adds nothing: the record was taken when it was asked for.
    const response = await server.request(url)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-disposition')).toContain('file.pdf')
    await response.arrayBuffer()
    expect(await downloadsOf(admin, projects.riberaDashboard)).toHaveLength(1)
  })

  it('records nothing through the storage API alone, as Supabase Storage records nothing', async () => {
    const before = await recordCount()
    expect((await admin.storage.from('documents').download(paths[documents.riberaKpiSpec]!)).error).toBeNull()
    const signed = await james.storage.from('documents').createSignedUrl(paths[documents.riberaKpiSpec]!, 60)
    expect(signed.error).toBeNull()
    const response = await server.request(signed.data!.signedUrl)
    expect(response.status).toBe(200)
    await response.arrayBuffer()
    expect(await recordCount()).toBe(before)
    expect(await sql(`select to_regclass('storage.downloads') as t`)).toEqual([{ t: null }])
  })

  it('lists the project’s records newest first, staff’s own downloads too', async () => {
    await link(admin, documents.riberaKpiSpec)
    const seen = await downloadsOf(admin, projects.riberaDashboard)
    expect(seen.map((d) => d.reader_id)).toEqual([users.admin, users.lucia])
    // Another project's list does not carry them.
    expect(await downloadsOf(admin, projects.kunturScoring)).toEqual([])
  })

  it('gives a client, even one of the same organization, an empty list (denied without a hint); anon may not ask', async () => {
    expect(await downloadsOf(lucia, projects.riberaDashboard)).toEqual([])
    expect(await downloadsOf(james, projects.riberaDashboard)).toEqual([])
    expect(await downloadsOf(daniel, projects.riberaDashboard)).toEqual([])
    const { error } = await server
      .client()
      .rpc('project_document_downloads', { p_project_id: projects.riberaDashboard })
    expect(error).not.toBeNull()
  })

  it('answers a document the caller may not read exactly as one that does not exist, and signs nothing', async () => {
    const before = await recordCount()
    // Staff-only notes of Lucía's own project, another organization's document, no document at all.
    for (const id of [documents.riberaInternalNotes, documents.kunturMethodology, nowhere]) {
      expect(await failureOf(link(lucia, id)), id).toBe('missing')
      const { error, status } = await lucia.rpc('record_document_download', { p_document_id: id })
      expect({ status, error }, id).toEqual({
        status: 404,
        error: { code: 'PT404', message: 'Document not found', details: null, hint: null },
      })
    }
    // Daniel of Kuntur Pay, on Ribera's shared document.
    expect(await failureOf(link(daniel, documents.riberaKpiSpec))).toBe('missing')
    // A visitor may not call it at all.
    const anon = await server.client().rpc('record_document_download', { p_document_id: documents.riberaKpiSpec })
    expect(anon.status).toBe(401)
    // Hostile input is a clear 4xx.
    const garbage = await lucia.rpc('record_document_download', { p_document_id: 'not-a-uuid' })
    expect(garbage.status).toBe(400)
    expect(await recordCount()).toBe(before)
  })

  it('keeps one record per person, document and version within the window, then a new one', async () => {
    const mine = async () =>
      (await downloadsOf(admin, projects.riberaDashboard)).filter(
        (d) => d.reader_id === users.james && d.document_id === documents.riberaClientUpload,
      )
    await link(james, documents.riberaClientUpload)
    await link(james, documents.riberaClientUpload)
    await link(james, documents.riberaClientUpload)
    expect(await mine()).toHaveLength(1)
    // The window (private.client_write_limits.download_record_seconds, 60 by default) has passed.
    await sql(
      `update public.document_downloads set downloaded_at = now() - interval '61 seconds'
       where reader_id = $1 and document_id = $2`,
      [users.james, documents.riberaClientUpload],
    )
    await link(james, documents.riberaClientUpload)
    expect(await mine()).toHaveLength(2)
  })

  it('bounds the records a client adds in a minute (429, asked to wait); staff are not bounded', async () => {
    await sql('update private.client_write_limits set downloads_per_minute = 2')
    try {
      const shared = await sharedWith(users.daniel)
      expect(shared.length).toBeGreaterThanOrEqual(3)
      await link(daniel, shared[0]!)
      await link(daniel, shared[1]!)
      // A repeat within the window adds no record, so it is never refused.
      await link(daniel, shared[1]!)
      expect(await failureOf(link(daniel, shared[2]!))).toBe('busy')
      const { error, status } = await daniel.rpc('record_document_download', { p_document_id: shared[2]! })
      expect(status).toBe(429)
      expect(error).toMatchObject({ code: 'PT429', hint: 'Wait a minute and try again' })
      // Staff download as many as they need.
      for (const id of shared) await link(admin, id)
      const recorded = await sql<{ reader_id: string; n: string }>(
        `select reader_id, count(*) as n from public.document_downloads where document_id = any($1) group by reader_id`,
        [shared],
      )
      expect(Object.fromEntries(recorded.map((r) => [r.reader_id, Number(r.n)]))).toEqual({
        [users.daniel]: 2,
        [users.admin]: shared.length,
      })
    } finally {
      await sql('update private.client_write_limits set downloads_per_minute = default')
    }
  })

  it('holds under parallel requests: a burst of one reader cannot pass the bound together', async () => {
    await sql('update private.client_write_limits set downloads_per_minute = 1')
    try {
      await sql('delete from public.document_downloads where reader_id = $1', [users.daniel])
      const ids = await sharedWith(users.daniel)
      const outcomes = await Promise.all(
        [...ids, ...ids].map(async (id) => ({
          id,
          ...(await daniel.rpc('record_document_download', { p_document_id: id })),
        })),
      )
      const recorded = await sql<{ document_id: string }>(
        'select document_id from public.document_downloads where reader_id = $1',
        [users.daniel],
      )
      expect(recorded).toHaveLength(1)
      // The one record and its repeat succeed; everything else is refused.
      const succeeded = outcomes.filter((o) => o.error === null)
      expect(succeeded.map((o) => o.id)).toEqual([recorded[0]!.document_id, recorded[0]!.document_id])
      for (const refused of outcomes.filter((o) => o.error !== null)) expect(refused.status).toBe(429)
    } finally {
      await sql('update private.client_write_limits set downloads_per_minute = default')
    }
  })
})
