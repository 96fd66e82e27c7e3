// The demo documents' files (supabase/demo-files): uploaded through the Storage API with supabase-js
// and the service-role key, as `npm run seed:files` does on a Supabase project and our server's
// first start does in-process; each a real PDF or CSV behind its document row, downloadable by the
// organization's clients (and nobody else's), and written once.
import { spawn } from 'node:child_process'
import { createHash, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { seedDemoFiles, type SeedDemoFilesResult } from '../../supabase/demo-files/seed'
import type { Queryable } from '../../supabase/server/db/database'
import { openPostgres } from '../../supabase/server/db/postgres'
import { readEnv } from '../../supabase/server/env'
import { createServer } from '../../supabase/server/server'
import { ObjectFiles } from '../../supabase/server/storage/files'
import { demoPassword } from '../../supabase/server/welcome'
import { documents, organizations } from './rls/seed-ids'
import {
  describeEachDatabase,
  startTestServer,
  type DatabaseKind,
  type TestServer,
  useTestServer,
} from './support/server'

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
  document_version: number
  metadata: Record<string, unknown> | null
  object_updated_at: string | null
}

async function storedDocuments(db: Queryable): Promise<StoredDocument[]> {
  const { rows } = await db.query<StoredDocument>(
    `select d.id, d.name, d.storage_path, d.mime_type, d.size_bytes::int as size_bytes, d.uploaded_by,
       d.created_at::text as created_at, d.updated_at::text as updated_at, d.version as document_version, o.id as object_id, o.owner, o.owner_id, o.version, o.metadata,
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

describeEachDatabase('demo document files on %s', (kind) => {
  let server: TestServer
  let files: ObjectFiles
  let first: SeedDemoFilesResult
  let activityBefore: number
  const db = () => server.deps.db
  const seed = (replace = false) => seedDemoFiles(server.serviceClient(), { replace })
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
    first = await seed()
  })
  afterAll(() => server.close())

  it('uploads a PDF or CSV for every seeded document through the Storage API', async () => {
    const rows = await storedDocuments(db())
    expect(rows).toHaveLength(15)
    expect(first.uploaded).toEqual(rows.map((row) => row.storage_path))
    expect(first).toMatchObject({ unchanged: [], kept: [], settled: 15 })
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
        cacheControl: 'max-age=3600',
        lastModified: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        httpStatusCode: 200,
      })
      // Writing the file is not an edit: the document was last updated when it was added, months
      // ago, and is still at its first version.
      expect(row.updated_at, name).toBe(row.created_at)
      expect(row.document_version, name).toBe(1)
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
    // eslint-disable-next-line no-control-regex -- every ASCII byte, controls included
    expect(/^[\x00-\x7f]*$/.test(text.split('\n').slice(2).join('\n'))).toBe(true)
  })

  it('changes nothing when run again, and says so', async () => {
    const before = await storedDocuments(db())
    const disk = await readFile(files.pathOf(BUCKET, before[0]!.version!))
    expect(await seed()).toEqual({
      uploaded: [],
      unchanged: before.map((row) => row.storage_path),
      kept: [],
      settled: 0,
    })
    expect(await storedDocuments(db())).toEqual(before)
    expect(await readFile(files.pathOf(BUCKET, before[0]!.version!))).toEqual(disk)
    const { rows } = await db().query<{ n: number }>('select count(*)::int as n from storage.objects')
    expect(rows[0]!.n).toBe(15)
  })

  it("lets Lucía download her organization's demo documents through supabase-js", async () => {
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

    const spec = (await storedDocuments(db())).find((d) => d.id === documents.riberaKpiSpec)!
    const { data: direct, error: downloadError } = await lucia.storage.from(BUCKET).download(spec.storage_path)
    expect(downloadError).toBeNull()
    const bytes = Buffer.from(await direct!.arrayBuffer())
    expect(`"${md5(bytes)}"`).toBe(spec.metadata!.eTag)
    expect(expectWellFormedPdf(bytes)).toContain('(Especificaci\\363n de KPIs comerciales) Tj')
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

  it("leaves the activity log as the seed wrote it, with the documents' triggers on again", async () => {
    expect(await activityCount()).toBe(activityBefore)
    const { rows } = await db().query<{ name: string; enabled: string }>(
      `select tgname as name, tgenabled as enabled from pg_trigger
       where tgrelid = 'public.documents'::regclass and not tgisinternal order by tgname`,
    )
    expect(rows.length).toBeGreaterThan(5)
    expect(rows.filter((row) => row.enabled !== 'O')).toEqual([])
  })

  it('lets only the service role settle sizes and owners', async () => {
    const lucia = await signIn('lucia.martin@example.com')
    for (const client of [server.client(), lucia]) {
      const { data, error } = await client.rpc('settle_seeded_document_files', {
        document_ids: [documents.riberaKpiSpec],
      })
      expect(data).toBeNull()
      expect(error?.code).toBe('42501')
    }
    expect((await server.serviceClient().rpc('settle_seeded_document_files', { document_ids: [] })).data).toBe(0)
  })

  it("keeps a document's file that is not its demo file, and replaces it only when asked", async () => {
    const path = await pathOf(documents.kunturMethodology)
    const own = Buffer.from("%PDF-1.4\n% the firm's own methodology\n")
    const { error } = await server
      .serviceClient()
      .storage.from(BUCKET)
      .upload(path, own, { contentType: 'application/pdf', upsert: true })
    expect(error).toBeNull()
    const kept = await seed()
    expect(kept.kept).toEqual([path])
    expect(kept.uploaded).toEqual([])
    const { data: still } = await server.serviceClient().storage.from(BUCKET).download(path)
    expect(Buffer.from(await still!.arrayBuffer())).toEqual(own)

    const replaced = await seed(true)
    expect(replaced).toMatchObject({ uploaded: [path], kept: [] })
    const row = (await storedDocuments(db())).find((d) => d.id === documents.kunturMethodology)!
    const bytes = await readFile(files.pathOf(BUCKET, row.version!))
    expect(expectWellFormedPdf(bytes)).toContain('(Model methodology) Tj')
    expect(row.size_bytes).toBe(bytes.length)
    expect(row.owner_id).toBe(row.uploaded_by)
  })
})

// The command itself, against a server listening on a port: what an operator runs against a
// Supabase project.
describe('npm run seed:files', () => {
  const server = useTestServer('pglite')

  const run = async (url: string) =>
    new Promise<{ code: number | null; output: string }>((resolve) => {
      const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'scripts/seed-files.ts'], {
        cwd: process.cwd(),
        env: { PATH: process.env.PATH ?? '', SUPABASE_URL: url, SUPABASE_SERVICE_ROLE_KEY: server.serviceRoleKey },
        stdio: ['ignore', 'pipe', 'pipe'],
      })
      let output = ''
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
      child.once('exit', (code) => resolve({ code, output }))
    })

  it('uploads the demo files, then says a second run changed nothing', { timeout: 60_000 }, async () => {
    const url = await server.listen()
    expect(await run(url)).toEqual({
      code: 0,
      output: `Uploaded 15 demo files to ${url}.\nRecorded the real size and uploader of 15 document(s).\n`,
    })
    expect(await run(url)).toEqual({
      code: 0,
      output: '15 demo files already in place: nothing to upload.\nNothing changed.\n',
    })
    const { rows } = await server.deps.db.query<{ n: number }>('select count(*)::int as n from storage.objects')
    expect(rows[0]!.n).toBe(15)
  })

  it('fails with a clear message when nothing answers at the URL', { timeout: 60_000 }, async () => {
    const { code, output } = await run('http://127.0.0.1:9')
    expect(code).toBe(1)
    expect(output).toContain('Could not seed the demo files at http://127.0.0.1:9:')
    expect(output).not.toMatch(/\n\s+at /)
  })
})

// The wiring: createServer uploads the files through its own Storage API, in-process, right after
// the seed on a fresh database, and a restart on the same data (demo files recorded) uploads none.
describeEachDatabase('first start on %s', (kind: DatabaseKind) => {
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

  const start = (log: (line: string) => void = () => undefined) =>
    createServer({
      log,
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

  it('uploads the demo files after the seed, once', async () => {
    const firstLog: string[] = []
    const first = await start((line) => firstLog.push(line))
    let objects: StoredDocument[]
    try {
      expect(firstLog).toContain('applied seed.sql')
      expect(firstLog.at(-1)).toBe('uploaded 15 demo document files')
      objects = await storedDocuments(first.deps.db)
      expect(objects).toHaveLength(15)
      const files = new ObjectFiles(first.deps.storageDir)
      for (const row of objects) {
        expect(row.version, row.storage_path).not.toBeNull()
        expect((await readFile(files.pathOf(BUCKET, row.version!))).length).toBe(row.size_bytes)
        expect(row.owner_id, row.storage_path).toBe(row.uploaded_by)
      }
      const { rows } = await first.deps.db.query(`select 1 from _platform.applied where name = 'demo-files'`)
      expect(rows).toHaveLength(1)
    } finally {
      await first.close()
    }
    const secondLog: string[] = []
    const second = await start((line) => secondLog.push(line))
    try {
      expect(secondLog).toEqual([])
      expect(await storedDocuments(second.deps.db)).toEqual(objects)
      if (kind === 'pglite') {
        // One process per embedded database: a second open of the same data directory is refused.
        await expect(start()).rejects.toThrow(/is already open in process \d+ on .+ Only one server can use it/)
      }
    } finally {
      await second.close()
    }
  })
})
