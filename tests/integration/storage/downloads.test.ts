// Download records (issue 12, item 5): the storage API writes who downloaded a document and when
// (a full GET through a signed URL, as its signer, or an authenticated download), and only staff
// read them, through public.project_document_downloads; a client, even of the same organization,
// gets an empty list, and nobody but the server touches storage.downloads.
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { seedDemoFiles } from '../../../supabase/demo-files/seed'
import { withRequestContext } from '../../../supabase/server/db/request-context'
import { demoPassword } from '../../../supabase/server/welcome'
import { contextFor } from '../rls/run-as'
import { documents, projects, users } from '../rls/seed-ids'
import { databaseKinds, startTestServer, type TestServer } from '../support/server'

interface Download {
  document_id: string
  version: number
  reader_id: string
  reader_name: string | null
  reader_email: string | null
  downloaded_at: string
}

describe.each(databaseKinds())('document download records on %s', (kind) => {
  let server: TestServer
  let lucia: SupabaseClient
  let admin: SupabaseClient
  let kpiPath: string

  const signIn = async (email: string) => {
    const client = server.client()
    const { error } = await client.auth.signInWithPassword({ email, password: demoPassword })
    if (error) throw error
    return client
  }
  const downloadsOf = async (client: SupabaseClient, projectId: string) => {
    const { data, error } = await client.rpc('project_document_downloads', { p_project_id: projectId })
    if (error) throw new Error(error.message)
    return data as unknown as Download[]
  }

  beforeAll(async () => {
    server = await startTestServer(kind)
    // The golden database has no files: write the demo documents' files, as the seed does.
    await seedDemoFiles(server.serviceClient())
    kpiPath = (
      await server.deps.db.query<{ storage_path: string }>('select storage_path from public.documents where id = $1', [
        documents.riberaKpiSpec,
      ])
    ).rows[0]!.storage_path
    lucia = await signIn('lucia.martin@example.com')
    admin = await signIn('admin@caucedata.com')
  })
  afterAll(() => server.close())

  it('records a download through a signed URL as its signer, and staff see who and when', async () => {
    const before = Date.now()
    const { data, error } = await lucia.storage.from('documents').createSignedUrl(kpiPath, 60, { download: 'kpi.pdf' })
    if (error) throw error
    // Signing alone is not a download: nothing is recorded until the file is fetched.
    expect((await downloadsOf(admin, projects.riberaDashboard)).filter((d) => d.reader_id === users.lucia)).toEqual([])
    const response = await server.request(data.signedUrl)
    expect(response.status).toBe(200)
    await response.arrayBuffer()

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
  })

  it('records an authenticated download, newest first; a HEAD or a range request is not a download', async () => {
    const { error } = await admin.storage.from('documents').download(kpiPath)
    expect(error).toBeNull()
    const token = (await admin.auth.getSession()).data.session!.access_token
    const url = `/storage/v1/object/authenticated/documents/${kpiPath.split('/').map(encodeURIComponent).join('/')}`
    const head = await server.request(url, { method: 'HEAD', headers: { authorization: `Bearer ${token}` } })
    expect(head.status).toBe(200)
    const range = await server.request(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=0-9' } })
    expect(range.status).toBe(206)
    await range.arrayBuffer()

    const seen = await downloadsOf(admin, projects.riberaDashboard)
    expect(seen.map((d) => d.reader_id)).toEqual([users.admin, users.lucia])
  })

  it('gives a client, even one of the same organization, an empty list (denied without a hint)', async () => {
    expect(await downloadsOf(lucia, projects.riberaDashboard)).toEqual([])
    const daniel = await signIn('daniel.ortega@example.com')
    expect(await downloadsOf(daniel, projects.riberaDashboard)).toEqual([])
    // anon may not call it at all
    const { error } = await server
      .client()
      .rpc('project_document_downloads', { p_project_id: projects.riberaDashboard })
    expect(error).not.toBeNull()
  })

  it('lets no API role read or write storage.downloads directly', async () => {
    for (const actor of ['clientA', 'admin', 'superAdmin', 'anon'] as const) {
      await expect(
        withRequestContext(server.deps.db, contextFor(actor), (tx) => tx.query('select * from storage.downloads')),
        actor,
      ).rejects.toThrow(/permission denied/)
      await expect(
        withRequestContext(server.deps.db, contextFor(actor), (tx) =>
          tx.query(`insert into storage.downloads (bucket_id, name, reader) values ('documents', $1, $2)`, [
            kpiPath,
            users.lucia,
          ]),
        ),
        actor,
      ).rejects.toThrow(/permission denied/)
    }
  })
})
