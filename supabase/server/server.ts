// Assembles a server from its configuration: opens and migrates the database, sets up mail and
// the JWT keys, and returns the app with a way to shut everything down. The database's first-start
// work (bootstrap, migrations, seed, demo files) runs under the start-up lock, so servers starting
// at once on one database do it one after the other: the first does it, the others find it done.
import { mkdir } from 'node:fs/promises'
import { join } from 'node:path'
import { createApp } from './app'
import { isPgError, type Database } from './db/database'
import { migrate, runOnce } from './db/migrate'
import { openPglite } from './db/pglite'
import { openPostgres } from './db/postgres'
import { seedDemoFiles, seedingClient } from '../demo-files/seed'
import type { ServerDeps } from './deps'
import { apiOrigin, siteOrigin, type Env } from './env'
import { JwtKeys } from './lib/jwt'
import { SessionCheck } from './lib/session-check'
import { setUpMail } from './mail/mailer'
import { functionSettings } from './functions/settings'
import { scheduleFunction } from './functions/schedule'
import { startApprovalReminders } from './approvals/reminders'
import { startLeadFollowUps } from './leads/follow-ups'
import { RealtimeHub } from './realtime/hub'
import { StartupError } from './startup-error'

/** The advisory lock that servers sharing one PostgreSQL database take turns on to start. */
export const STARTUP_LOCK = 'cauce.startup'

export interface ServerOptions {
  env: Env
  /** An already open database (tests); otherwise DATABASE_URL or PGlite under DATA_DIR. */
  db?: Database
  /** Apply supabase/seed.sql on first start. Demo data, so never by default in production. */
  seed?: boolean
  log?: (line: string) => void
}

export async function createServer({
  env,
  db: givenDb,
  seed = env.NODE_ENV !== 'production',
  log = () => undefined,
}: ServerOptions) {
  await mkdir(env.DATA_DIR, { recursive: true })
  if (env.NODE_ENV === 'production' && !env.DATABASE_URL && !givenDb) {
    // PGlite survives a killed process but does not fsync: a power loss can lose recent commits.
    console.warn(
      'Warning: production on the embedded PGlite database. Set DATABASE_URL to a PostgreSQL server for durability.',
    )
  }
  const db =
    givenDb ??
    (env.DATABASE_URL
      ? openPostgres(env.DATABASE_URL, { preparedStatements: env.DATABASE_PREPARED_STATEMENTS })
      : await openPglite({ dataDir: join(env.DATA_DIR, 'db'), shareMs: env.PGLITE_SHARE_MS }))
  const storageDir = join(env.DATA_DIR, 'storage')
  await mkdir(storageDir, { recursive: true })
  let started: Awaited<ReturnType<typeof startUnderLock>>
  try {
    const release = await startupLock(db, env, log)
    try {
      started = await startUnderLock({ env, db, storageDir, seed, log })
    } finally {
      await release()
    }
  } catch (error) {
    if (!givenDb) await db.close()
    throw error
  }
  const { deps, app, catcher, realtime } = started
  // The outbox's e-mails: the send-notifications function, called as Supabase Cron calls it.
  const sendNotifications = scheduleFunction({
    name: 'send-notifications',
    appFetch: async (request) => app.fetch(request),
    origin: deps.siteOrigin,
    serviceRoleKey: env.SERVICE_ROLE_KEY,
    // In Supabase-only mode pg_cron's stand-in calls it over HTTP instead (tests/e2e/support/cron.ts).
    intervalMs: env.SUPABASE_ONLY ? 0 : env.NOTIFICATION_MAIL_INTERVAL_MS,
    log,
  })
  const notificationMails = {
    /** Runs send-notifications now; resolves with the number of e-mails it sent (and recorded as sent). */
    flush: async () => ((await sendNotifications.run()) as { sent: number }).sent,
    stop: () => sendNotifications.stop(),
  }
  const approvalReminders = startApprovalReminders({
    db,
    afterDays: env.APPROVAL_REMINDER_DAYS,
    maxReminders: env.APPROVAL_REMINDER_MAX,
    intervalMs: env.SUPABASE_ONLY ? 0 : env.APPROVAL_REMINDER_INTERVAL_MS,
    log,
  })
  // Lead pipeline (decision 0038): the follow-up reminders, on the approval reminders' timer.
  const leadFollowUps = startLeadFollowUps({
    db,
    intervalMs: env.SUPABASE_ONLY ? 0 : env.APPROVAL_REMINDER_INTERVAL_MS,
    log,
  })
  return {
    app,
    deps,
    notificationMails,
    approvalReminders,
    leadFollowUps,
    /** Attach to the HTTP server (`realtime.attach(server)`) to answer /realtime/v1/websocket. */
    realtime,
    async close() {
      await realtime.close()
      await approvalReminders.stop()
      await leadFollowUps.stop()
      await notificationMails.stop()
      await catcher?.close()
      if (!givenDb) await db.close()
    },
  }
}

/** Waits for the other servers starting on this database (PostgreSQL; PGlite has one process). */
async function startupLock(db: Database, env: Env, log: (line: string) => void) {
  try {
    return await db.lock(STARTUP_LOCK, {
      timeoutMs: env.STARTUP_LOCK_TIMEOUT_MS,
      onWait: () => log('waiting for another server to finish starting on this database'),
    })
  } catch (error) {
    if (isPgError(error) && error.code === '55P03')
      throw new StartupError(
        `Another server has been starting on this database for over ${env.STARTUP_LOCK_TIMEOUT_MS / 1000} s ` +
          '(it holds the start-up lock). Check that it is not stuck, or raise STARTUP_LOCK_TIMEOUT_MS.',
      )
    throw error
  }
}

/** Everything a server must finish before another may start on the same database. */
async function startUnderLock({
  env,
  db,
  storageDir,
  seed,
  log,
}: {
  env: Env
  db: Database
  storageDir: string
  seed: boolean
  log: (line: string) => void
}) {
  await migrate(db, { seedFile: seed ? join(process.cwd(), 'supabase', 'seed.sql') : undefined, log })
  // The conversation limits of .env, enforced by the database's triggers (decision 0016).
  await db.query(
    'update private.conversation_settings set max_message_chars = $1, edit_minutes = $2, max_attachments = $3',
    [env.CONVERSATION_MAX_MESSAGE_CHARS, env.CONVERSATION_EDIT_MINUTES, env.CONVERSATION_MAX_ATTACHMENTS],
  )
  // The account lock of .env, enforced by the verification hooks' SQL (decision 0028).
  await db.query('update private.account_lock_settings set max_failures = $1, lock_minutes = $2', [
    env.AUTH_ACCOUNT_MAX_FAILURES,
    env.AUTH_ACCOUNT_LOCK_MINUTES,
  ])

  // Dashboards on local http addresses: development and tests only (decision 0039).
  await db.query('update private.dashboard_settings set allow_local_http = $1', [env.DASHBOARD_LOCAL_HTTP])

  const { destination, catcher } = await setUpMail(env)

  const sessions = new SessionCheck(db, env.AUTH_REVOCATION_CHECK_MS)
  const deps: ServerDeps = {
    env,
    db,
    // Supabase's PostgREST, Storage and Realtime check only the signature; the SQL rule
    // (private.token_stands) holds revocation there. Here a cached check stands in front of it.
    keys: new JwtKeys(
      env.JWT_SECRET,
      env.JWT_SIGNING_KEYS,
      env.SUPABASE_ONLY ? undefined : (id) => sessions.liveNow(id),
    ),
    siteOrigin: siteOrigin(env),
    apiOrigin: apiOrigin(env),
    storageDir,
    catcher,
    functionSettings: functionSettings(env, { site: siteOrigin(env), api: apiOrigin(env) }, destination),
    // The app is made below, with these deps; a hook runs only once it answers requests.
    callFunction: async (request) => app.fetch(request),
  }
  // Made before the app, which answers Realtime's REST broadcast through it; started below.
  const realtime = new RealtimeHub(
    db,
    deps.keys,
    env.SUPABASE_ONLY ? () => Promise.resolve(true) : (id) => sessions.isLive(id),
    realtimeSettings(env, db.kind),
    log,
    async (userId) =>
      (await db.query<{ full_name: string }>('select full_name from public.profiles where id = $1', [userId])).rows[0]
        ?.full_name ?? null,
  )
  const app = createApp(deps, realtime)
  // The demo documents' files, the way they reach a Supabase project (`npm run seed:files`):
  // through this server's own Storage API, in-process. Recorded once done, so a start cut short
  // before then does it again.
  if (seed) {
    const client = seedingClient(deps.siteOrigin, env.SERVICE_ROLE_KEY, async (input, init) =>
      app.fetch(new Request(input, init)),
    )
    await runOnce(db, 'demo-files', () => seedDemoFiles(client, { log }))
  }
  // It brings the Realtime publication up to date: one server at a time too.
  await realtime.start()
  return { deps, app, catcher, realtime }
}

function realtimeSettings(env: Env, kind: Database['kind']) {
  return {
    maxConnections: env.REALTIME_MAX_CONNECTIONS,
    maxConnectionsPerAddress: env.REALTIME_MAX_CONNECTIONS_PER_ADDRESS,
    maxConnectionsPerUser: env.REALTIME_MAX_CONNECTIONS_PER_USER,
    maxChannelsPerConnection: env.REALTIME_MAX_CHANNELS_PER_CONNECTION,
    maxBindingsPerChannel: env.REALTIME_MAX_BINDINGS_PER_CHANNEL,
    maxBindingsPerUser: env.REALTIME_MAX_BINDINGS_PER_USER,
    maxPresenceBytes: env.REALTIME_MAX_PRESENCE_BYTES,
    trustProxy: env.TRUST_PROXY,
    maxMessageBytes: env.REALTIME_MAX_MESSAGE_BYTES,
    maxEventsPerSecond: env.REALTIME_MAX_EVENTS_PER_SECOND,
    maxTopicBytes: env.REALTIME_MAX_TOPIC_BYTES,
    maxJsonDepth: env.API_MAX_JSON_DEPTH,
    idleTimeoutMs: env.REALTIME_IDLE_TIMEOUT_MS,
    maxFilterChars: env.REALTIME_MAX_FILTER_CHARS,
    pollIntervalMs: env.REALTIME_POLL_INTERVAL_MS,
    changesPerQuery: env.REALTIME_CHANGES_PER_QUERY,
    subscribersPerQuery: env.REALTIME_SUBSCRIBERS_PER_QUERY ?? (kind === 'pglite' ? 10 : 50),
    // Revocation reaches Realtime as soon as it reaches REST: the session answer is cached this long.
    revocationSweepMs: Math.min(5000, Math.max(250, env.AUTH_REVOCATION_CHECK_MS)),
  }
}
