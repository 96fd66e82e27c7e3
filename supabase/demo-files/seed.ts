// Puts the demo documents' files in place through the Storage API, with supabase-js and the
// service-role key: the one way they are seeded, on a Supabase project (`npm run seed:files`) and
// on our own server's first start alike (decision 0027). A document without a file gets its demo
// file; one whose file is already the demo file is left alone; one whose file is anything else is
// kept, someone's own, unless `replace` is asked. Then public.settle_seeded_document_files()
// records each demo file's real size on its document and its uploader as the file's owner, as the
// seed's own rows rather than anyone's edit. Running it again changes nothing.
import { createHash } from 'node:crypto'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { demoFile, type DemoDocument } from './generate'

const BUCKET = 'documents'
const PAGE = 500

export interface SeedDemoFilesOptions {
  /** Overwrite a document's file that differs from its demo file (by default such a file is kept). */
  replace?: boolean
  log?: (line: string) => void
}

export interface SeedDemoFilesResult {
  /** Storage paths written by this run. */
  uploaded: string[]
  /** Already the demo file. */
  unchanged: string[]
  /** Holding another file, left as it was. */
  kept: string[]
  /** Documents whose size or file owner this run set. */
  settled: number
}

interface DocumentRow {
  id: string
  name: string
  description: string | null
  storage_path: string
  mime_type: string
  created_at: string
  project: { name: string; organization: { name: string; default_locale: string } | null } | null
}

/** What the storage API says of the files in one folder: name → eTag (md5 in quotes) and size. */
type Listed = Map<string, { eTag?: unknown; size?: unknown }>

async function documents(client: SupabaseClient): Promise<DocumentRow[]> {
  const rows: DocumentRow[] = []
  for (let from = 0; ; from += PAGE) {
    const { data, error } = await client
      .from('documents')
      .select(
        'id, name, description, storage_path, mime_type, created_at, project:projects(name, organization:organizations(name, default_locale))',
      )
      .order('storage_path')
      .range(from, from + PAGE - 1)
    if (error) throw new Error(`Could not read the documents: ${error.message}`)
    rows.push(...(data as unknown as DocumentRow[]))
    if (data.length < PAGE) return rows
  }
}

async function listFolder(client: SupabaseClient, folder: string): Promise<Listed> {
  const files: Listed = new Map()
  for (let offset = 0; ; offset += PAGE) {
    const { data, error } = await client.storage.from(BUCKET).list(folder, { limit: PAGE, offset })
    if (error) throw new Error(`Could not list ${BUCKET}/${folder}: ${error.message}`)
    for (const entry of data) if (entry.id) files.set(`${folder}/${entry.name}`, entry.metadata ?? {})
    if (data.length < PAGE) return files
  }
}

/** A service-role client for seeding: no session kept; `fetch` to reach a server in-process. */
export function seedingClient(url: string, serviceRoleKey: string, fetch?: typeof globalThis.fetch): SupabaseClient {
  return createClient(url, serviceRoleKey, {
    global: fetch ? { fetch } : {},
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // Never used here, but Node 20 has no WebSocket of its own and supabase-js asks for one.
    realtime: { transport: WebSocket as never },
  })
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'))

export async function seedDemoFiles(
  client: SupabaseClient,
  { replace = false, log = () => undefined }: SeedDemoFilesOptions = {},
): Promise<SeedDemoFilesResult> {
  const result: SeedDemoFilesResult = { uploaded: [], unchanged: [], kept: [], settled: 0 }
  const rows = await documents(client)
  const listed: Listed = new Map()
  for (const folder of new Set(rows.map((row) => folderOf(row.storage_path))))
    for (const [path, metadata] of await listFolder(client, folder)) listed.set(path, metadata)

  const demo: string[] = []
  for (const row of rows) {
    if (!row.project?.organization) continue
    const doc: DemoDocument = {
      name: row.name,
      description: row.description,
      storage_path: row.storage_path,
      mime_type: row.mime_type,
      created_at: row.created_at,
      project_name: row.project.name,
      organization_name: row.project.organization.name,
      locale: row.project.organization.default_locale,
    }
    const bytes = demoFile(doc)
    if (!bytes) continue
    const existing = listed.get(row.storage_path)
    if (existing) {
      const md5 = createHash('md5').update(bytes).digest('hex')
      const same = String(existing.eTag).replace(/"/g, '') === md5 && Number(existing.size) === bytes.length
      if (same) {
        result.unchanged.push(row.storage_path)
        demo.push(row.id)
        continue
      }
      if (!replace) {
        result.kept.push(row.storage_path)
        continue
      }
    }
    // upsert: a run beside this one may have written the same bytes meanwhile.
    const { error } = await client.storage
      .from(BUCKET)
      .upload(row.storage_path, bytes, { contentType: row.mime_type, upsert: true })
    if (error) throw new Error(`Could not upload ${BUCKET}/${row.storage_path}: ${error.message}`)
    result.uploaded.push(row.storage_path)
    demo.push(row.id)
  }

  if (demo.length > 0) {
    const { data, error } = await client.rpc('settle_seeded_document_files', { document_ids: demo })
    if (error) throw new Error(`Could not record the demo files' sizes: ${error.message}`)
    result.settled = Number(data)
  }
  if (result.uploaded.length > 0) log(`uploaded ${result.uploaded.length} demo document files`)
  return result
}
