// What `npm start` prints on its way up stays short (issue 23): the route generator prints no
// warning, and bringing the database up to date says one line for the schema and one for the
// seed, not one per migration (a first start applies them all).
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { openPglite } from '../../supabase/server/db/pglite'
import { migrate } from '../../supabase/server/db/migrate'

const folders: string[] = []
afterAll(() => folders.forEach((folder) => rmSync(folder, { recursive: true, force: true })))

describe('start-up output', () => {
  it('generates the route trees without a warning', { timeout: 120_000 }, () => {
    const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm'
    const result = spawnSync(npm, ['run', 'gen', '--silent'], { encoding: 'utf8', env: { ...process.env } })
    expect(result.status, result.stderr).toBe(0)
    expect(result.stderr).not.toMatch(/warning/i)
    expect(result.stdout).not.toMatch(/warning/i)
  })

  it(
    'says one line for the schema and one for the seed, and nothing once up to date',
    { timeout: 120_000 },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'cauce-migrations-'))
      folders.push(dir)
      const migrations = join(dir, 'migrations')
      const seed = join(dir, 'seed.sql')
      const platformFiles = readdirSync(join(process.cwd(), 'supabase/server/db/platform')).filter((name) =>
        name.endsWith('.sql'),
      ).length
      const migration = (name: string, sql: string) => writeFileSync(join(migrations, name), sql)
      mkdirSync(migrations)
      migration('20990101000000_first.sql', 'create table public.start_output (id int primary key);')
      migration('20990101000100_second.sql', 'alter table public.start_output add column note text;')
      migration('20990101000200_third.sql', "comment on table public.start_output is 'A test table.';")
      writeFileSync(seed, "insert into public.start_output values (1, 'seeded');")

      const db = await openPglite()
      try {
        const run = async () => {
          const lines: string[] = []
          await migrate(db, { migrationsDir: migrations, seedFile: seed, log: (line) => lines.push(line) })
          return lines
        }
        expect(await run()).toEqual([`applied ${platformFiles} platform files and 3 migrations`, 'applied seed.sql'])
        expect(await run()).toEqual([])
        migration('20990101000300_fourth.sql', 'create index on public.start_output (note);')
        expect(await run()).toEqual(['applied 1 migration'])
      } finally {
        await db.close()
      }
    },
  )
})
