import { spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { hostname, tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { lockDataDir } from '../../supabase/server/db/data-dir-lock'

const folders: string[] = []
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true })
})

function lockFileHeldBy(pid: number) {
  const folder = mkdtempSync(join(tmpdir(), 'cauce-lock-'))
  folders.push(folder)
  const dataDir = join(folder, 'db')
  writeFileSync(`${dataDir}.lock`, JSON.stringify({ pid, host: hostname() }))
  return dataDir
}

describe('the embedded database lock', () => {
  it('refuses while a live process holds it', () => {
    const child = spawn('sleep', ['5'])
    try {
      const dataDir = lockFileHeldBy(child.pid!)
      expect(() => lockDataDir(dataDir)).toThrow(`is already open in process ${child.pid}`)
    } finally {
      child.kill('SIGKILL')
    }
  })

  it.runIf(process.platform === 'linux')(
    'takes over a lock whose process was killed but never reaped (a zombie, as in a container without init)',
    async () => {
      // A parent that forks a child which exits at once, and never waits for it: the child stays a
      // zombie while the parent sleeps (perl: Debian's perl-base is always installed; a shell may
      // reap its finished jobs on its own).
      const parent = spawn('perl', ['-e', '$| = 1; my $pid = fork; exit 0 unless $pid; print "$pid\\n"; sleep 5'], {
        stdio: ['ignore', 'pipe', 'ignore'],
      })
      try {
        const pid = Number(
          await new Promise<string>((resolve) => parent.stdout.once('data', (d: Buffer) => resolve(String(d)))),
        )
        await expect
          .poll(() => readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0], { timeout: 5000 })
          .toBe('Z')
        const dataDir = lockFileHeldBy(pid)
        const release = lockDataDir(dataDir)
        expect(JSON.parse(readFileSync(`${dataDir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid })
        release()
      } finally {
        parent.kill('SIGKILL')
      }
    },
  )
})
