// The hosted stack's stand-in for Supabase Cron (tests/e2e/support/cron.ts) runs exactly the jobs
// the migration schedules, with the same SQL and the same function.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { cronJobs } from '../e2e/support/cron'

// Every migration that schedules a job (20261130110000 the notifications', 20261206100000 the leads').
const migrations = join(__dirname, '../../supabase/migrations')
const migration = readdirSync(migrations)
  .filter((name) => name.endsWith('.sql'))
  .map((name) => readFileSync(join(migrations, name), 'utf8'))
  .join('\n')
const scheduled = [...migration.matchAll(/cron\.schedule\('([^']+)', '[^']+',\s*\$job\$([\s\S]*?)\$job\$\)/g)].map(
  ([, name, body]) => ({ name: name!, body: body!.trim() }),
)

describe("the hosted stack's schedule", () => {
  it('has the jobs the migration schedules, no more', () => {
    expect(scheduled.map((job) => job.name).sort()).toEqual(Object.keys(cronJobs).sort())
  })

  it('runs the same SQL, and calls the same function', () => {
    for (const job of scheduled) {
      const mine = cronJobs[job.name as keyof typeof cronJobs]
      if (mine.kind === 'sql') expect(job.body).toBe(mine.sql)
      else expect(job.body).toContain(`'${mine.path}'`)
    }
  })
})
