// The demo documents' files (supabase/server/db/seed-files.ts): written with the seed, each a real
// PDF or CSV behind its document row, stored as the storage API stores an upload, downloadable by
// the organization's clients (and nobody else's), and written once.
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { Queryable } from '../../supabase/server/db/database'
import { openPostgres } from '../../supabase/server/db/postgres'
import { seedDocumentFiles, type SeededFile } from '../../supabase/server/db/seed-files'
import { readEnv } from '../../supabase/server/env'
import { createServer } from '../../supabase/server/server'
import { ObjectFiles } from '../../supabase/server/storage/files'
import { demoPassword } from '../../supabase/server/welcome'
import { documents, organizations } from './rls/seed-ids'
import { databaseKinds, startTestServer, type DatabaseKind, type TestServer } from './support/server'

const BUCKET = 'documents'
const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest('hex')

interface StoredDocument {
  id: string
  name: string
  storage_path: string
  mime_type: string
  size_bytes: number
  uploaded_by: string | null
  created_at: string
  updated_at: string
  object_id: string | null
  owner: string | null
  owner_id: string | null
  version: string | null
  metadata: Record<string, unknown> | null
  object_updated_at: string | null
}

async function storedDocuments(db: Queryable): Promise<StoredDocument[]> {
  const { rows } = await db.query<StoredDocument>(
    `select d.id, d.name, d.storage_path, d.mime_type, d.size_bytes::int as size_bytes, d.uploaded_by,
       d.created_at::text as created_at, d.updated_at::text as updated_at, o.id as object_id, o.owner, o.owner_id, o.version, o.metadata,
       o.updated_at::text as object_updated_at
     from public.documents d left join storage.objects o on o.bucket_id = $1 and o.name = d.storage_path
     order by d.storage_path`,
    [BUCKET],
  )
  return rows
}

/** Checks the file is a well-formed one-page PDF (exact offsets and lengths); returns it as text. */
function expectWellFormedPdf(bytes: Buffer): string {
  const text = bytes.toString('latin1')
  expect(text.startsWith('%PDF-1.4\n')).toBe(true)
  const tail = /startxref\n(\d+)\n%%EOF\n$/.exec(text)
  expect(tail).not.toBeNull()
  const xref = Number(tail![1])
  const table = text.slice(xref).split('\n')
  expect(table[0]).toBe('xref')
  const [first, count] = table[1]!.split(' ').map(Number)
  expect(first).toBe(0)
  expect(table[2]).toBe('0000000000 65535 f ')
  for (let object = 1; object < count!; object += 1) {
    const entry = table[2 + object]!
    expect(entry).toMatch(/^\d{10} 00000 n $/)
    expect(text.slice(Number(entry.slice(0, 10)))).toMatch(new RegExp(`^${object} 0 obj\\n`))
  }
  expect(text).toContain(`trailer\n<< /Size ${count} /Root 1 0 R`)
  expect(text).toContain('/Type /Pages /Kids [3 0 R] /Count 1')
  expect(text).toContain('/BaseFont /Helvetica /Encoding /WinAnsiEncoding')
  const stream = /<< \/Length (\d+) >>\nstream\n/.exec(text)!
  const end = stream.index + stream[0].length + Number(stream[1])
  expect(text.slice(end, end + 10)).toBe('\nendstream')
  return text
}

const csvHeaders: Record<string, string> = {
  'ventas-por-tienda-2025.csv':
    'fecha,tienda_id,tienda,provincia,tickets,unidades,ventas_brutas_eur,descuentos_eur,ventas_netas_eur,margen_bruto_eur',
  'loan-book-sample-q3.csv':
    'loan_id,origination_date,product,channel,term_months,principal_cop,interest_rate_ea_pct,monthly_income_cop,age_band,region,credit_score,days_past_due,status',
  'feature-catalogue.csv': 'feature,source_system,source_field,owner,data_type,business_meaning,status',
  'regulatory-compliance-map.csv':
    'element_id,critical_data_element,domain,source_system,owner,regulatory_report,frequency,quality_check,status',
  'estimacion-inicial.csv': 'fase,perfil,jornadas,tarifa_dia_eur,coste_eur',
}

describe.each(databaseKinds())('seeded document files on %s', (kind) => {
  let server: TestServer
  let files: ObjectFiles
  let seeded: SeededFile[]
  let activityBefore: number
  const db = () => server.deps.db
  const seed = () => db().transaction((tx) => seedDocumentFiles(tx, server.deps.storageDir))
  const activityCount = async () =>
    (await db().query<{ n: number }>('select count(*)::int as n from public.activity_log')).rows[0]!.n
  const signIn = async (email: string) => {
    const client = server.client()
    const { error } = await client.auth.signInWithPassword({ email, password: demoPassword })
    if (error) throw error
    return client
  }
  const pathOf = async (id: string) =>
    (await db().query<{ storage_path: string }>('select storage_path from public.documents where id = $1', [id]))
      .rows[0]!.storage_path
  const fetchSigned = async (client: SupabaseClient, path: string) => {
    const { data, error } = await client.storage.from(BUCKET).createSignedUrl(path, 60)
    if (error) throw error
    return server.request(data.signedUrl)
  }

  beforeAll(async () => {
    // The golden database is seeded without files (its copies get a new storage folder each).
    server = await startTestServer(kind)
    files = new ObjectFiles(server.deps.storageDir)
    expect((await storedDocuments(db())).filter((d) => d.object_id)).toEqual([])
    activityBefore = await activityCount()
    seeded = await seed()
  })
  afterAll(() => server.close())

  it('stores a PDF or CSV for every seeded document, as the storage API stores an upload', async () => {
    const rows = await storedDocuments(db())
    expect(rows).toHaveLength(15)
    expect(seeded.map((file) => file.path).sort()).toEqual(rows.map((row) => row.storage_path).sort())
    for (const row of rows) {
      const name = row.storage_path.split('/').pop()!
      expect(row.mime_type, name).toBe(name.endsWith('.csv') ? 'text/csv' : 'application/pdf')
      const bytes = await readFile(files.pathOf(BUCKET, row.version!))
      expect(row.size_bytes, name).toBe(bytes.length)
      expect(row.metadata, name).toEqual({
        eTag: `"${md5(bytes)}"`,
        size: bytes.length,
        contentLength: bytes.length,
        mimetype: row.mime_type,
        cacheControl: 'no-cache',
        lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        httpStatusCode: 200,
      })
      // Writing the file is not an edit: the document was last updated when it was added, months ago.
      expect(row.updated_at, name).toBe(row.created_at)
      // The uploader owns the object, as when they upload through the portal.
      expect({ owner: row.owner, owner_id: row.owner_id }, name).toEqual({
        owner: row.uploaded_by,
        owner_id: row.uploaded_by,
      })
      if (row.mime_type === 'application/pdf') {
        const text = expectWellFormedPdf(bytes)
        // The made-up file says so in its organization's working language (Kuntur Pay's is English).
        expect(text, name).toContain(
          row.storage_path.startsWith(organizations.kuntur)
            ? '(Cauce Data \\227 demo document) Tj'
            : '(Cauce Data \\227 documento de demostraci\\363n) Tj',
        )
      } else {
        const [header, ...lines] = bytes.toString('utf8').split('\r\n')
        expect(header, name).toBe(csvHeaders[name])
        expect(lines.filter(Boolean).length, name).toBeGreaterThan(3)
        expect(lines.at(-1), name).toBe('')
      }
    }
  })

  it("writes the PDF's text in WinAnsiEncoding: the name, the project and the accents", async () => {
    const [row] = (await storedDocuments(db())).filter((d) => d.id === documents.riberaKpiSpec)
    const text = expectWellFormedPdf(await readFile(files.pathOf(BUCKET, row!.version!)))
    expect(text).toContain('(Especificaci\\363n de KPIs comerciales) Tj')
    expect(text).toContain('(Cuadro de mando comercial) Tj')
    expect(text).toContain('(Definici\\363n de ventas netas, margen bruto, rotaci\\363n y cobertura de stock.) Tj')
    expect(/^[\x00-\x7f]*$/.test(text.split('\n').slice(2).join('\n'))).toBe(true)
  })

  it('lets a client download the shared documents of her organization through signed URLs', async () => {
    const lucia = await signIn('lucia.martin@example.com')
    const { data: visible, error } = await lucia
      .from('documents')
      .select('id, storage_path, mime_type, size_bytes')
      .order('storage_path')
    expect(error).toBeNull()
    expect(visible!.map((d) => d.id)).toContain(documents.riberaKpiSpec)
    expect(visible!.map((d) => d.id)).toContain(documents.riberaClientUpload)

    for (const document of visible!) {
      const response = await fetchSigned(lucia, document.storage_path)
      expect(response.status, document.storage_path).toBe(200)
      expect(response.headers.get('content-type')).toBe(document.mime_type)
      const bytes = Buffer.from(await response.arrayBuffer())
      expect(bytes.length, document.storage_path).toBe(Number(document.size_bytes))
      if (document.mime_type === 'application/pdf') expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
      else expect(bytes.toString('utf8').split('\r\n')[0]).toBe(csvHeaders[document.storage_path.split('/').pop()!])
    }

    const spec = visible!.find((d) => d.id === documents.riberaKpiSpec)!
    const { data: direct } = await lucia.storage.from(BUCKET).download(spec.storage_path)
    expect(direct?.size).toBe(Number(spec.size_bytes))
  })

  it("keeps them from clients of the other organization, and hidden ones from the organization's", async () => {
    const daniel = await signIn('daniel.ortega@example.com')
    const lucia = await signIn('lucia.martin@example.com')
    for (const [client, id] of [
      [daniel, documents.riberaKpiSpec],
      [daniel, documents.riberaClientUpload],
      [lucia, documents.kunturMethodology],
      [lucia, documents.riberaInternalNotes],
    ] as const) {
      const path = await pathOf(id)
      const signed = await client.storage.from(BUCKET).createSignedUrl(path, 60)
      expect(signed.data, path).toBeNull()
      // Storage's answer for a key the caller may not read: not found, so its existence stays hidden.
      expect(signed.error?.message, path).toBe('Object not found')
      const download = await client.storage.from(BUCKET).download(path)
      expect(download.data, path).toBeNull()
      expect(download.error, path).not.toBeNull()
    }
    // Their own organization's files they do get.
    expect((await fetchSigned(daniel, await pathOf(documents.kunturMethodology))).status).toBe(200)
  })

  it('changes nothing when run again', async () => {
    const before = await storedDocuments(db())
    const disk = await readFile(files.pathOf(BUCKET, before[0]!.version!))
    expect(await seed()).toEqual([])
    expect(await storedDocuments(db())).toEqual(before)
    expect(await readFile(files.pathOf(BUCKET, before[0]!.version!))).toEqual(disk)
    const { rows } = await db().query<{ n: number }>('select count(*)::int as n from storage.objects')
    expect(rows[0]!.n).toBe(15)
  })

  it('leaves the activity log as the seed wrote it, with its audit trigger on again', async () => {
    expect(await activityCount()).toBe(activityBefore)
    const { rows } = await db().query<{ enabled: string }>(
      `select tgenabled as enabled from pg_trigger where tgname = 'documents_log_activity'`,
    )
    expect(rows).toEqual([{ enabled: 'O' }])
  })
})

// The wiring: createServer writes the files in the seed's transaction on a fresh database, and a
// restart on the same data (seed already applied) writes none.
describe.each(databaseKinds())('first start on %s', (kind: DatabaseKind) => {
  let dataDir: string
  let databaseUrl: string | undefined
  let dropDatabase = async () => {}

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'cauce-seed-files-'))
    if (kind === 'postgres') {
      const adminUrl = inject('postgresTemplateUrl')!
      const name = `seed_files_${randomUUID().replace(/-/g, '')}`
      const admin = openPostgres(adminUrl, { max: 1 })
      await admin.exec(`create database ${name}`)
      await admin.close()
      databaseUrl = adminUrl.replace(/\/postgres$/, `/${name}`)
      dropDatabase = async () => {
        const cleanup = openPostgres(adminUrl, { max: 1 })
        await cleanup.exec(`drop database if exists ${name} with (force)`)
        await cleanup.close()
      }
    }
  })
  afterAll(async () => {
    await dropDatabase()
    rmSync(dataDir, { recursive: true, force: true })
  })

  const start = () =>
    createServer({
      env: readEnv({
        NODE_ENV: 'test',
        HOST: 'localhost',
        PORT: '54321',
        DATA_DIR: dataDir,
        NOTIFICATION_MAIL_INTERVAL_MS: '0',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
      }),
      seed: true,
    })

  it('writes the demo files with the seed, once', async () => {
    const first = await start()
    let objects: StoredDocument[]
    try {
      objects = await storedDocuments(first.deps.db)
      expect(objects).toHaveLength(15)
      const files = new ObjectFiles(first.deps.storageDir)
      for (const row of objects) {
        expect(row.version, row.storage_path).not.toBeNull()
        expect((await readFile(files.pathOf(BUCKET, row.version!))).length).toBe(row.size_bytes)
      }
    } finally {
      await first.close()
    }
    const second = await start()
    try {
      expect(await storedDocuments(second.deps.db)).toEqual(objects)
    } finally {
      await second.close()
    }
  })
})
