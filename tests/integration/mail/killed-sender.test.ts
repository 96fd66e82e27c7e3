// At least once, never twice, with a real crash: a server, as a child process, runs
// send-notifications on its schedule, claims a lead's e-mails and is killed with SIGKILL in the
// middle of sending the first one (its e-mail API holds the request). Another server on the same
// database sends them once the claim's lease has passed: each e-mail arrives exactly once, and the
// dead server's claim counted as a try.
import { randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createClient } from '@supabase/supabase-js'
import { afterAll, expect, it } from 'vitest'
import WebSocket from 'ws'
import { developmentKeys } from '../../../supabase/server/lib/dev-keys'
import { openPostgres } from '../../../supabase/server/db/postgres'
import { MailCatcher } from '../../../supabase/server/mail/catcher'
import { describeEachDatabase } from '../support/server'
import { startPostgresCluster, type PostgresCluster } from '../support/postgres-cluster'
import { killAllServerProcesses, siteDist, startServerProcess } from '../support/server-process'

const staff = ['admin@caucedata.com', 'superadmin@caucedata.com']
/** The claim's lease; the dead server's e-mails wait this long. Its sends time out in a quarter. */
const leaseSeconds = 16

/** An e-mail API that takes each request and never answers it: a send in progress, forever. */
async function holdingApi() {
  const held: { request: IncomingMessage; at: number }[] = []
  const server: Server = createServer((request) => void held.push({ request, at: Date.now() }))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/emails`,
    held,
    close: async () => {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

describeEachDatabase('a server killed after claiming e-mails, on %s', (kind) => {
  let cluster: PostgresCluster | undefined
  const cleanup: (() => unknown)[] = []
  afterAll(async () => {
    killAllServerProcesses()
    for (const step of cleanup.reverse()) await step()
    cluster?.stop()
  })

  it('has its e-mails sent by another server after the lease, each exactly once', { timeout: 240_000 }, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'cauce-killed-sender-'))
    cleanup.push(() => rmSync(dataDir, { recursive: true, force: true }))
    const dist = siteDist()
    if (dist !== 'dist') cleanup.push(() => rmSync(dist, { recursive: true, force: true }))
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SITE_DIST: dist,
      MAIL_TRANSPORT: 'http',
      MAIL_LEASE_SECONDS: String(leaseSeconds),
      NOTIFICATION_DIGEST_MINUTES: '0',
      NOTIFICATION_MAIL_INTERVAL_MS: '300',
    }
    if (kind === 'postgres') {
      cluster = await startPostgresCluster()
      if (!cluster) throw new Error('PostgreSQL was expected on this machine')
      const admin = openPostgres(cluster.url('postgres'), { max: 1 })
      await admin.exec('create database killed_sender')
      await admin.close()
      env.DATABASE_URL = cluster.url('killed_sender')
    }
    const holding = await holdingApi()
    cleanup.push(() => holding.close())
    const catcher = new MailCatcher()
    const catcherUrl = await catcher.listenHttp()
    cleanup.push(() => catcher.close())

    const first = await startServerProcess({ ...env, MAIL_API_URL: holding.url, MAIL_API_KEY: 'first' }, 150_000)
    const marker = randomUUID().slice(0, 8)
    const visitor = `visitor-${marker}@example.org`
    const anon = createClient(first.url, developmentKeys.anonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    const { error } = await anon.from('contact_messages').insert({
      name: `Lead ${marker}`,
      email: visitor,
      message: 'Quisiera una propuesta.',
      privacy_accepted: true,
      locale: 'es',
    })
    expect(error).toBeNull()

    // Its schedule claims the three e-mails and starts the first: killed while the API holds it.
    const deadline = Date.now() + 60_000
    while (holding.held.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
    expect(holding.held, first.output()).toHaveLength(1)
    await first.signal('SIGKILL')
    // The claim came just before this send began: its lease ends about this long after.
    const leaseEnds = holding.held[0]!.at + leaseSeconds * 1000

    const second = await startServerProcess({ ...env, MAIL_API_URL: catcherUrl, MAIL_API_KEY: catcher.apiKey }, 150_000)
    const arrived = await Promise.all(
      [...staff, visitor].map((to) =>
        catcher.waitFor(to, (mail) => to === visitor || mail.text.includes(`Lead ${marker}`), 120_000),
      ),
    )
    // Not before the dead server's lease had passed (within a second: the claim preceded the send).
    for (const mail of arrived) expect(mail.receivedAt.getTime()).toBeGreaterThan(leaseEnds - 1000)
    const service = createClient(second.url, developmentKeys.serviceRoleKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      realtime: { transport: WebSocket as never },
    })
    // The sender reports a send after the catcher has it: poll until the report is in.
    const outcomes = async () => {
      const { data: rows } = await service
        .from('notifications')
        .select('email_attempts, emailed_at')
        .like('body', `%${marker}%`)
      return rows?.map((row) => ({ attempts: row.email_attempts, sent: row.emailed_at !== null }))
    }
    await expect.poll(outcomes, { timeout: 15_000, interval: 200 }).toEqual([
      { attempts: 2, sent: true },
      { attempts: 2, sent: true },
    ])
    // A later lead's e-mails, sent by a run that began after these were reported: by then a second
    // send of any of these would have been caught (no clock: the sender's own next run).
    const laterMarker = randomUUID().slice(0, 8)
    const later = await service.from('contact_messages').insert({
      name: `Lead ${laterMarker}`,
      email: `visitor-${laterMarker}@example.org`,
      message: 'Quisiera otra propuesta.',
      privacy_accepted: true,
      locale: 'es',
    })
    expect(later.error).toBeNull()
    await Promise.all(
      staff.map((to) => catcher.waitFor(to, (mail) => mail.text.includes(`Lead ${laterMarker}`), 30_000)),
    )
    const about = catcher.messages().filter((mail) => mail.to.includes(visitor) || mail.text.includes(`Lead ${marker}`))
    expect(about.map((mail) => mail.to[0]).sort()).toEqual([...staff, visitor].sort())
    expect(holding.held).toHaveLength(1)
    await second.signal('SIGTERM')
  })
})
