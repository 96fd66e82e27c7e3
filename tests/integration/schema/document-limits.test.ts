// Fan-out a client cannot abuse: each document a client records notifies staff, so a client may
// record at most 10 per request and 30 per minute (private.client_write_limits); past either, the
// whole request is undone with a 4xx that says which bound, and staff are not notified. Through
// supabase-js, as the portal uploads: the files first, then the document rows.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeEachDatabase, useSeedClients, useTestServer } from '../support/server'
import { objectPath, organizations, projects, users } from '../rls/seed-ids'

describeEachDatabase('client document limits on %s', (kind) => {
  const server = useTestServer(kind)
  const { lucia } = useSeedClients(server, 'lucia')

  /** Stores `count` small files as Lucía and returns the document rows that would record them. */
  async function storedFiles(count: number) {
    const rows = []
    for (let i = 0; i < count; i++) {
      const path = objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.txt`)
      const { error } = await lucia.storage.from('documents').upload(path, `file ${i}`, { contentType: 'text/plain' })
      expect(error).toBeNull()
      rows.push({
        project_id: projects.riberaDashboard,
        name: `Entrega ${i}`,
        storage_path: path,
        mime_type: 'text/plain',
        visible_to_client: true,
      })
    }
    return rows
  }

  const counts = async () => {
    const { rows } = await server.deps.db.query<{ documents: number; notifications: number }>(
      `select (select count(*)::int from public.documents where uploaded_by = $1) as documents,
              (select count(*)::int from public.notifications where kind = 'document_uploaded') as notifications`,
      [users.lucia],
    )
    return rows[0]!
  }

  it('refuses more than 10 documents in one request, and records none of them', async () => {
    const rows = await storedFiles(11)
    const before = await counts()
    const { error, status } = await lucia.from('documents').insert(rows)
    expect(status).toBe(413)
    expect(error).toMatchObject({ code: 'PT413', message: 'Too many documents in one request: at most 10' })
    expect(await counts()).toEqual(before)
    // Ten at once are fine, and staff hear about each.
    const { error: tenError } = await lucia.from('documents').insert(rows.slice(0, 10))
    expect(tenError).toBeNull()
    const after = await counts()
    expect(after.documents).toBe(before.documents + 10)
    expect(after.notifications).toBeGreaterThan(before.notifications)
  })

  it('refuses more than the per-minute bound across requests', async () => {
    await server.deps.db.exec('update private.client_write_limits set documents_per_minute = 12')
    try {
      // The previous test recorded 10 within this minute: two more fit, the third does not.
      const rows = await storedFiles(3)
      expect((await lucia.from('documents').insert(rows.slice(0, 2))).error).toBeNull()
      const before = await counts()
      const { error, status } = await lucia.from('documents').insert(rows[2]!)
      expect(status).toBe(429)
      expect(error).toMatchObject({
        code: 'PT429',
        message: 'Too many documents in a short time: at most 12 per minute',
      })
      expect(await counts()).toEqual(before)
    } finally {
      await server.deps.db.exec('update private.client_write_limits set documents_per_minute = 30')
    }
  })

  it('does not limit staff', async () => {
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.documents')
    const staff = await server.deps.keys.sign({ sub: users.admin, role: 'authenticated', aud: 'authenticated' }, 3600)
    const response = await server.request('/rest/v1/documents', {
      method: 'POST',
      headers: { apikey: server.anonKey, Authorization: `Bearer ${staff}`, 'Content-Type': 'application/json' },
      body: JSON.stringify(
        Array.from({ length: 12 }, (_, i) => ({
          project_id: projects.riberaDashboard,
          name: `Staff ${i}`,
          storage_path: objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.pdf`),
          mime_type: 'application/pdf',
        })),
      ),
    })
    expect(response.status).toBe(201)
    const after = await server.deps.db.query<{ n: number }>('select count(*)::int as n from public.documents')
    expect(after.rows[0]!.n).toBe(rows[0]!.n + 12)
  })
})
