// Brings a database up to date, each step applied once and recorded: the platform bootstrap
// (what hosted Supabase provides), then supabase/migrations in order, then supabase/seed.sql.
// It logs one line for the schema and one for the seed, not one per file.
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Database } from './database'

const platformDir = join(import.meta.dirname, 'platform')

export interface MigrateOptions {
  migrationsDir?: string
  /** Seed file to apply once after the migrations; omit for none. */
  seedFile?: string
  log?: (line: string) => void
}

async function sqlFiles(dir: string): Promise<string[]> {
  const names = await readdir(dir).catch(() => [] as string[])
  return names.filter((name) => name.endsWith('.sql')).sort()
}

export async function migrate(db: Database, options: MigrateOptions = {}): Promise<{ applied: string[] }> {
  const migrationsDir = options.migrationsDir ?? join(process.cwd(), 'supabase', 'migrations')
  const log = options.log ?? (() => undefined)
  const applied: string[] = []

  await db.exec(`
    create schema if not exists _platform;
    create table if not exists _platform.applied (name text primary key, applied_at timestamptz not null default now());
    create schema if not exists supabase_migrations;
    create table if not exists supabase_migrations.schema_migrations (version text primary key, name text, statements text[]);
  `)

  const done = new Set(
    (await db.query<{ name: string }>('select name from _platform.applied')).rows.map((row) => row.name),
  )
  const doneMigrations = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map(
      (row) => row.version,
    ),
  )

  const apply = async (
    label: string,
    sql: string,
    record: (tx: Parameters<Parameters<Database['transaction']>[0]>[0]) => Promise<unknown>,
  ) => {
    await db.transaction(async (tx) => {
      await tx.exec(sql)
      await record(tx)
    })
    applied.push(label)
  }

  for (const file of await sqlFiles(platformDir)) {
    const name = `platform/${file}`
    if (done.has(name)) continue
    await apply(name, await readFile(join(platformDir, file), 'utf8'), (tx) =>
      tx.query('insert into _platform.applied (name) values ($1)', [name]),
    )
  }

  for (const file of await sqlFiles(migrationsDir)) {
    const [version = file, ...rest] = file.replace(/\.sql$/, '').split('_')
    if (doneMigrations.has(version)) continue
    await apply(`migrations/${file}`, await readFile(join(migrationsDir, file), 'utf8'), (tx) =>
      tx.query('insert into supabase_migrations.schema_migrations (version, name) values ($1, $2)', [
        version,
        rest.join('_'),
      ]),
    )
  }

  // One line for the schema, however many files it took (a first start applies them all).
  const schema = appliedSummary(applied)
  if (schema) log(`applied ${schema}`)

  if (options.seedFile && !done.has('seed')) {
    const seed = await readFile(options.seedFile, 'utf8').catch(() => undefined)
    if (seed !== undefined) {
      await apply('seed.sql', seed, (tx) => tx.query(`insert into _platform.applied (name) values ('seed')`))
      log('applied seed.sql')
    }
  }
  return { applied }
}

/** "12 platform files and 63 migrations", "1 migration"; '' when nothing was applied. */
export function appliedSummary(labels: string[]): string {
  const count = (prefix: string) => labels.filter((label) => label.startsWith(prefix)).length
  const parts = [
    [count('platform/'), 'platform file'],
    [count('migrations/'), 'migration'],
  ] as const
  return parts
    .filter(([n]) => n > 0)
    .map(([n, noun]) => `${n} ${noun}${n === 1 ? '' : 's'}`)
    .join(' and ')
}

/**
 * Runs `step` once per database: unless `name` is recorded as done in _platform.applied, and then
 * records it, so a step that failed or was cut short runs again at the next start. For steps that
 * are not one SQL transaction (the demo files, through the Storage API); the caller holds the
 * start-up lock, so no other server runs it meanwhile.
 */
export async function runOnce(db: Database, name: string, step: () => Promise<unknown>): Promise<boolean> {
  const { rows } = await db.query('select 1 from _platform.applied where name = $1', [name])
  if (rows.length > 0) return false
  await step()
  await db.query('insert into _platform.applied (name) values ($1) on conflict (name) do nothing', [name])
  return true
}
