// The move of download records into public.document_downloads (decision 0028) on a database our
// server created before it: migrated and seeded up to the migration before, with storage.downloads
// as our platform bootstrap used to create it and records in it, then brought up to date. The
// records of documents move with the version each file was, the rest is left behind, and
// storage.downloads goes. (Where it never existed, as on Supabase, every other test's database
// shows the migration applying.)
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { migrate } from '../../../supabase/server/db/migrate'
import { as } from '../rls/run-as'
import { documents, projects, users } from '../rls/seed-ids'
import { describeEachDatabase } from '../support/server'
import { emptyDatabase, type Cleanup } from '../support/empty-database'

const MIGRATION = '20261130100000_document_download_records.sql'
const migrationsDir = join(process.cwd(), 'supabase', 'migrations')
const seedFile = join(process.cwd(), 'supabase', 'seed.sql')

// What platform/25-storage-downloads.sql created until this migration.
const oldPlatformTable = `
  create table storage.downloads (
    id bigint generated always as identity primary key,
    bucket_id text not null,
    name text not null,
    reader uuid not null,
    downloaded_at timestamptz not null default now()
  )`

const cleanups: Cleanup[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup()
})

/**
 * The seed as it was before this migration: without what later migrations brought. The security
 * settings of 20261205300000 (the demo turns the staff requirement off); the lead pipeline of
 * 20261206100000 (the first leads were "in_progress" and "closed", and everything from its section
 * on is later: leads, dashboards, the plan, each appended in its own section).
 */
const laterSeed = /^update public\.security_settings [^;]*;$/m
const laterSections = '-- ═══ Lead pipeline'
function earlierSeed(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cauce-earlier-seed-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  const file = join(dir, 'seed.sql')
  const seed = readFileSync(seedFile, 'utf8')
  expect(seed).toMatch(laterSeed)
  expect(seed).toContain(laterSections)
  const earlier = seed
    .slice(0, seed.indexOf(laterSections))
    .replace(laterSeed, '')
    .replace("true, true, 'contacted', 'en',", "true, true, 'in_progress', 'en',")
    .replace("true, false, 'contacted', 'es',", "true, false, 'closed', 'es',")
  expect(earlier).not.toContain("'contacted'")
  writeFileSync(file, earlier)
  return file
}

/** The migrations before this one, as a folder of links. */
function earlierMigrations(): string {
  const dir = mkdtempSync(join(tmpdir(), 'cauce-earlier-'))
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
  for (const file of readdirSync(migrationsDir).filter((f) => f.endsWith('.sql') && f < MIGRATION))
    symlinkSync(join(migrationsDir, file), join(dir, file))
  return dir
}

describeEachDatabase('download records moved out of storage.downloads on %s', (kind) => {
  it(
    'moves each record of a document, with its file’s version, and drops storage.downloads',
    { timeout: 240_000 },
    async () => {
      const db = await emptyDatabase(kind, 'downloads', cleanups)
      await migrate(db, { migrationsDir: earlierMigrations(), seedFile: earlierSeed() })
      expect(await db.query(`select to_regclass('public.document_downloads') as t`)).toMatchObject({
        rows: [{ t: null }],
      })

      await db.exec(oldPlatformTable)
      const path = async (id: string) =>
        (await db.query<{ storage_path: string }>('select storage_path from public.documents where id = $1', [id]))
          .rows[0]!.storage_path
      const kpi = await path(documents.riberaKpiSpec)
      const upload = await path(documents.riberaClientUpload)
      // Lucía's upload was replaced since she downloaded it: version 2 is another file.
      await db.query(`update public.documents set storage_path = storage_path || '.v2' where id = $1`, [
        documents.riberaClientUpload,
      ])
      const replaced = await path(documents.riberaClientUpload)
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 9, minutes)).toISOString()
      await db.query(
        `insert into storage.downloads (bucket_id, name, reader, downloaded_at) values
         ('documents', $1, $3, $5), ('documents', $1, $4, $6),
         ('documents', $2, $3, $7), ('documents', $8, $4, $9),
         ('documents', 'nobody/nothing/orphan.pdf', $3, $5), ('avatars', $1, $3, $5)`,
        [kpi, upload, users.lucia, users.admin, at(1), at(2), at(3), replaced, at(4)],
      )

      await migrate(db, { migrationsDir, seedFile })
      // The demo's settings that the earlier seed could not hold (staff without a second factor).
      await db.exec(laterSeed.exec(readFileSync(seedFile, 'utf8'))![0])

      const moved = await db.query<{ document_id: string; version: number; reader_id: string; downloaded_at: Date }>(
        'select document_id, version, reader_id, downloaded_at from public.document_downloads order by id',
      )
      expect(moved.rows.map((row) => ({ ...row, downloaded_at: new Date(row.downloaded_at).toISOString() }))).toEqual([
        { document_id: documents.riberaKpiSpec, version: 1, reader_id: users.lucia, downloaded_at: at(1) },
        { document_id: documents.riberaKpiSpec, version: 1, reader_id: users.admin, downloaded_at: at(2) },
        { document_id: documents.riberaClientUpload, version: 1, reader_id: users.lucia, downloaded_at: at(3) },
        { document_id: documents.riberaClientUpload, version: 2, reader_id: users.admin, downloaded_at: at(4) },
      ])
      expect(await db.query(`select to_regclass('storage.downloads') as t`)).toMatchObject({ rows: [{ t: null }] })
      // Staff read them as before.
      const list = await as(db, 'admin', (tx) =>
        tx.query<{ list: { reader_id: string; version: number }[] }>(
          'select public.project_document_downloads($1) as list',
          [projects.riberaDashboard],
        ),
      )
      expect(list.rows[0]!.list.map((d) => [d.reader_id, d.version])).toEqual([
        [users.admin, 2],
        [users.lucia, 1],
        [users.admin, 1],
        [users.lucia, 1],
      ])
    },
  )
})
