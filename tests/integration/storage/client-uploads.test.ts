// A client deletes or replaces their own upload (issue 12, item 5; decision 0023), through the
// real supabase-js as each person: Lucía (the uploader), James (her colleague), Daniel (another
// organization), staff and anon. Only the uploader may, and only while it is theirs and not under
// approval; the others get the very answer a missing file gives. Deleting removes the row and the
// file together and is logged; replacing moves the version, reopens an approval and keeps the
// download records of the earlier file.
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import { seedDemoFiles } from '../../../supabase/demo-files/seed'
import { signedDocumentUrl } from '../../../src/lib/storage/document-link'
import { documents, objectPath, organizations, projects, users } from '../rls/seed-ids'
import { describeOnOneDatabase, useTestServer, useDemoPasswordClients, madeBeforeAll } from '../support/server'
import { bucketFiles } from './support'

type Person = 'lucia' | 'james' | 'daniel' | 'admin' | 'anon'

describeOnOneDatabase('a client deletes or replaces their own upload on %s', (kind) => {
  const server = useTestServer(kind, {}, (started) => seedDemoFiles(started.serviceClient()))
  const people: Record<Person, SupabaseClient> = {
    ...useDemoPasswordClients(server, 'lucia', 'james', 'daniel', 'admin'),
    anon: madeBeforeAll(async () => server.client()),
  }
  let counter = 0

  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.deps.db.query<T>(text, params).then((r) => r.rows)
  const documentRow = async (id: string) =>
    (
      await sql<{ storage_path: string; version: number; name: string; mime_type: string; size_bytes: string }>(
        'select storage_path, version, name, mime_type, size_bytes from public.documents where id = $1',
        [id],
      )
    )[0]
  const objectExists = async (name: string) =>
    (await sql(`select 1 from storage.objects where bucket_id = 'documents' and name = $1`, [name])).length === 1
  const fileCount = async () => (await bucketFiles(server, 'documents')).length

  /** Stores a file as `person` in the Ribera dashboard project; returns its key. */
  const store = async (person: Person, body = `a,b\n${++counter},2\n`, type = 'text/csv') => {
    const key = objectPath(organizations.ribera, projects.riberaDashboard, `${Date.now()}-${counter}-upload.csv`)
    const { error } = await people[person].storage.from('documents').upload(key, new Blob([body], { type }), {
      contentType: type,
    })
    if (error) throw error
    return key
  }
  /** What the portal does: store the file, then record it as the uploader's shared document. */
  const upload = async (person: 'lucia' | 'james') => {
    const key = await store(person)
    const { data, error } = await people[person]
      .from('documents')
      .insert({
        project_id: projects.riberaDashboard,
        name: 'Ventas.csv',
        category: 'data',
        storage_path: key,
        mime_type: 'text/csv',
        size_bytes: 8,
        visible_to_client: true,
        uploaded_by: users[person],
      })
      .select('id')
      .single()
    if (error) throw error
    return { id: data.id, key }
  }
  const remove = (person: Person, key: string) => people[person].storage.from('documents').remove([key])

  /** Staff ask for approval of a document and Lucía, an approver, approves its version 1. */
  const approvedByLucia = async (documentId: string) => {
    const request = check(
      await people.admin.from('approval_requests').insert({ document_id: documentId }).select('id').single(),
    )
    check(
      await people.lucia
        .from('approval_decisions')
        .insert({ request_id: request.id, version: 1, decision: 'approved' }),
    )
    return request
  }

  it('refuses every delete but the uploader’s own with the answer a missing file gives', async () => {
    const mine = await upload('lucia')
    const staffShared = (await documentRow(documents.riberaKpiSpec))!.storage_path
    const missing = objectPath(organizations.ribera, projects.riberaDashboard, 'no-such-file.csv')
    const nothing = await remove('lucia', missing)
    expect(nothing).toEqual({ data: [], error: null })
    const files = await fileCount()

    for (const person of ['james', 'daniel', 'anon'] as const) {
      expect(await remove(person, mine.key), person).toEqual(await remove(person, missing))
    }
    // Not one staff shared, nor through the table instead of the file.
    expect(await remove('lucia', staffShared)).toEqual(nothing)
    const direct = await people.lucia.from('documents').delete().eq('id', mine.id).select('id')
    expect(direct.data).toEqual([])
    const hidden = await people.lucia.from('documents').delete().eq('id', documents.riberaInternalNotes).select('id')
    expect(hidden.data).toEqual([])

    expect(await documentRow(mine.id)).toBeDefined()
    expect(await documentRow(documents.riberaKpiSpec)).toBeDefined()
    expect(await objectExists(mine.key)).toBe(true)
    expect(await fileCount()).toBe(files)
  })

  it('deletes the uploader’s own document and its file together, logged for staff', async () => {
    const mine = await upload('lucia')
    const files = await fileCount()
    const { data, error } = await remove('lucia', mine.key)
    expect(error).toBeNull()
    expect(data?.map((object) => object.name)).toEqual([mine.key])

    expect(await documentRow(mine.id)).toBeUndefined()
    expect(await objectExists(mine.key)).toBe(false)
    expect(await fileCount()).toBe(files - 1)
    const { data: log } = await people.admin
      .from('activity_log')
      .select('action, actor_id, summary, is_internal')
      .eq('entity_id', mine.id)
      .eq('action', 'delete')
    expect(log).toEqual([
      {
        action: 'delete',
        actor_id: users.lucia,
        summary: expect.objectContaining({ title: 'Ventas.csv' }),
        is_internal: false,
      },
    ])
  })

  it('refuses, with a reason, to delete an upload under approval; staff still may, and the record stays', async () => {
    const mine = await upload('lucia')
    check(
      await people.admin
        .from('organization_approvers')
        .insert({ organization_id: organizations.ribera, profile_id: users.lucia }),
    )
    const request = await approvedByLucia(mine.id)

    const refused = await remove('lucia', mine.key)
    expect(refused.data).toBeNull()
    expect(refused.error?.message).toMatch(/part of an approval/)
    expect(await documentRow(mine.id)).toBeDefined()
    expect(await objectExists(mine.key)).toBe(true)

    // A colleague learns nothing: the same empty answer as any file that is not theirs.
    expect(await remove('james', mine.key)).toEqual({ data: [], error: null })

    expect((await remove('admin', mine.key)).data).toHaveLength(1)
    expect(await documentRow(mine.id)).toBeUndefined()
    const [kept] = await sql<{ document_id: string | null; deliverable_title: string; decisions: number }>(
      `select r.document_id, r.deliverable_title, (select count(*)::int from public.approval_decisions d where d.request_id = r.id) as decisions
         from public.approval_requests r where r.id = $1`,
      [request.id],
    )
    expect(kept).toEqual({ document_id: null, deliverable_title: 'Ventas.csv', decisions: 1 })
  })

  it('replaces the uploader’s own file: a new version, the approval reopened, earlier downloads kept', async () => {
    const mine = await upload('lucia')
    const request = await approvedByLucia(mine.id)
    // Lucía downloads version 1, as the portal does: the record, then the link.
    const download = async () => {
      const { storage_path } = (await documentRow(mine.id))!
      const url = await signedDocumentUrl(people.lucia, mine.id, storage_path, 'Ventas.csv')
      expect((await server.request(url)).status).toBe(200)
    }
    await download()

    const next = await store('lucia', 'x,y,z\n1,2,3\n4,5,6\n', 'text/plain')
    const replaced = await people.lucia
      .from('documents')
      .update({ storage_path: next, mime_type: 'text/plain', size_bytes: 18, name: 'Ventas v2.txt' })
      .eq('id', mine.id)
      .select('version')
    expect(replaced.error).toBeNull()
    expect(replaced.data).toEqual([{ version: 2 }])
    expect(await documentRow(mine.id)).toMatchObject({ storage_path: next, version: 2, name: 'Ventas v2.txt' })
    const [reopened] = await sql('select status, version from public.approval_requests where id = $1', [request.id])
    expect(reopened).toEqual({ status: 'pending', version: 2 })
    expect(
      await sql('select version, decision from public.approval_decisions where request_id = $1', [request.id]),
    ).toEqual([{ version: 1, decision: 'approved' }])

    // The old file is no one's document now: its owner removes it, the document stays.
    expect(await remove('james', mine.key)).toEqual({ data: [], error: null })
    expect((await remove('lucia', mine.key)).data).toHaveLength(1)
    expect(await objectExists(mine.key)).toBe(false)
    expect(await documentRow(mine.id)).toBeDefined()
    // …and version 2.
    await download()

    const { data: downloads } = await people.admin.rpc('project_document_downloads', {
      p_project_id: projects.riberaDashboard,
    })
    expect(
      (downloads as { document_id: string; version: number; reader_id: string }[]).filter(
        (d) => d.document_id === mine.id,
      ),
    ).toEqual([
      expect.objectContaining({ version: 2, reader_id: users.lucia }),
      expect.objectContaining({ version: 1, reader_id: users.lucia }),
    ])
  })

  it('bounds a client’s replacements of one upload per hour, each a new request to the approvers; staff are not bounded', async () => {
    await sql('update private.client_write_limits set replacements_per_hour = 2')
    try {
      const replace = async (person: 'lucia' | 'admin', id: string) =>
        people[person]
          .from('documents')
          .update({ storage_path: await store(person) })
          .eq('id', id)
          .select('version')
      const mine = await upload('lucia')
      expect((await replace('lucia', mine.id)).data).toEqual([{ version: 2 }])
      expect((await replace('lucia', mine.id)).data).toEqual([{ version: 3 }])
      const refused = await replace('lucia', mine.id)
      expect(refused.status).toBe(429)
      expect(refused.error).toMatchObject({
        code: 'PT429',
        message: 'Too many replacements of this document: at most 2 per hour',
      })
      expect(await documentRow(mine.id)).toMatchObject({ version: 3 })
      // Each upload has its own count.
      const other = await upload('lucia')
      expect((await replace('lucia', other.id)).data).toEqual([{ version: 2 }])
      // Staff may replace any document's file, however often.
      expect((await replace('admin', mine.id)).data).toEqual([{ version: 4 }])
    } finally {
      await sql('update private.client_write_limits set replacements_per_hour = 10')
    }
  })

  it('refuses every other replace: colleagues, other organizations, anon, staff’s documents, other fields', async () => {
    const mine = await upload('lucia')
    const before = await documentRow(mine.id)
    const change = { name: 'Hijacked.csv' }
    for (const person of ['james', 'daniel'] as const) {
      const { data, error } = await people[person].from('documents').update(change).eq('id', mine.id).select('id')
      expect({ data, error }, person).toEqual({ data: [], error: null })
    }
    expect((await people.anon.from('documents').update(change).eq('id', mine.id).select('id')).error?.code).toBe(
      '42501',
    )
    expect(
      (await people.lucia.from('documents').update(change).eq('id', documents.riberaKpiSpec).select('id')).data,
    ).toEqual([])

    // Her own document, but what staff decide is not hers to change.
    for (const values of [
      { visible_to_client: false },
      { category: 'contract' },
      { project_id: projects.riberaPlatform },
    ]) {
      const { error } = await people.lucia.from('documents').update(values).eq('id', mine.id).select('id')
      expect(error?.code, JSON.stringify(values)).toBe('42501')
    }
    // Nor may it point at a file she did not store (James's).
    const jamesFile = await store('james')
    const { error } = await people.lucia.from('documents').update({ storage_path: jamesFile }).eq('id', mine.id)
    expect(error?.code).toBe('42501')
    expect(await documentRow(mine.id)).toEqual(before)

    // Staff may replace any document's file.
    const staffFile = await store('admin')
    const byStaff = await people.admin
      .from('documents')
      .update({ storage_path: staffFile })
      .eq('id', mine.id)
      .select('version')
    expect(byStaff.data).toEqual([{ version: 2 }])
  })
})

/** The data of a write that must succeed (null for a write without a select). */
function check<T>(result: { data: T; error: { message: string } | null }): NonNullable<T> {
  if (result.error) throw new Error(result.error.message)
  return result.data as NonNullable<T>
}
