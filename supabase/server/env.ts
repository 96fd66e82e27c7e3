// The server's configuration, read and validated once at start-up. Every bad variable is
// reported together, so a misconfigured deployment fails with one clear message.
import { z } from 'zod'
import { developmentKeys } from './lib/dev-keys'
import { signingKeysSchema } from './lib/signing-keys'
import { mailDestination, mailSettingsShape } from '../functions/_shared/mail/settings.ts'
import { metabaseSettingsShape } from '../functions/_shared/dashboards.ts'

const developmentSigningKids = new Set(
  (JSON.parse(developmentKeys.signingKeys) as { kid: string }[]).map((key) => key.kid),
)

/** A Postgres-function Auth hook, with GoTrue's rule for the schema and function names. */
/** A setting that is `true` or `false` and nothing else, read as a boolean; `fallback` when unset. */
const flag = (fallback: boolean) =>
  z
    .enum(['true', 'false'])
    .default(fallback ? 'true' : 'false')
    .transform((value) => value === 'true')

const hookIdentifier = '[a-zA-Z_][a-zA-Z0-9_]{0,62}'
export const pgFunctionUri = new RegExp(`^pg-functions://postgres/(${hookIdentifier})/(${hookIdentifier})$`)
/** A hook as GoTrue takes one: a Postgres function, or an HTTP(S) endpoint it POSTs to. */
const hookUri = z
  .string()
  .refine(
    (uri) => pgFunctionUri.test(uri) || /^https?:\/\/[^\s]+$/.test(uri),
    'expected pg-functions://postgres/<schema>/<function> or an http(s) URL',
  )
/** Standard Webhooks secrets, `v1,whsec_<base64>` joined by `|` (the first signs), as GoTrue takes them. */
const hookSecrets = z
  .string()
  .regex(/^v1,whsec_[A-Za-z0-9+/=]{24,}(\|v1,whsec_[A-Za-z0-9+/=]{24,})*$/, 'expected v1,whsec_<base64>')
  .optional()

/** Origins (scheme://host[:port]) separated by spaces, as a Content-Security-Policy source list takes them. */
const frameSourcesSetting = z
  .string()
  .default('')
  .transform((value) => value.split(/\s+/).filter(Boolean))
  .refine(
    (origins) => origins.every((origin) => /^https?:\/\/[a-z0-9.-]+(:[0-9]{1,5})?$/i.test(origin)),
    'expected origins (https://host[:port]) separated by spaces',
  )

/** Every setting of the server, each defined once (the web tier picks its own from these). */
export const serverSettings = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin of the site: e-mail links, redirects, sitemap. Defaults to http://HOST:PORT. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Public origin of the APIs (auth, REST, storage, functions, realtime), GoTrue's API_EXTERNAL_URL:
   * token issuer and e-mail verification links. Defaults to the site's origin (one server for both).
   */
  API_EXTERNAL_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Supabase-only mode (`npm run test:hosted`): only what Supabase itself has. No site (the web
   * tier serves it), no functions in-process (FUNCTIONS_URL is required), no timers (a scheduler
   * calls the functions as pg_cron does), and none of our server's own checks in front of what
   * SQL already holds (view-as's read-only transactions, the revocation cache, the signed-URL cap,
   * the in-memory counts of unknown addresses and e-mailed codes).
   */
  SUPABASE_ONLY: flag(false),
  /** Folder with the built site. */
  SITE_DIST: z.string().min(1).default('dist'),
  /** Any PostgreSQL; without it the embedded PGlite database under DATA_DIR is used. */
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  /** Off behind a transaction-mode pooler (PgBouncer < 1.21, Supavisor in transaction mode). */
  /**
   * On the embedded PGlite (one backend, statements one at a time): how long an API transaction
   * that may run again (a read, or a REST write) may hold the database while other requests
   * wait, before it is rolled back and run again after them (decision 0018).
   */
  PGLITE_SHARE_MS: z.coerce.number().int().min(10).max(60_000).default(50),
  DATABASE_PREPARED_STATEMENTS: flag(true),
  /**
   * On PostgreSQL: how long (ms) a starting server waits while another one starting on the same
   * database holds the start-up lock (migrations, seed, demo files), before it gives up.
   */
  STARTUP_LOCK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(300_000),
  /** Embedded database files and stored uploads. */
  DATA_DIR: z.string().min(1).default('.data'),
  /** Believe X-Forwarded-For (last hop) for client addresses: only behind your own proxy. */
  TRUST_PROXY: flag(false),
  /** Requests per IP per window (sign-in, sign-up, verify: 5 min; recover: 1 h). */
  AUTH_RATE_LIMIT_SIGN_IN: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_SIGN_UP: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_RECOVER: z.coerce.number().int().min(1).default(30),
  AUTH_RATE_LIMIT_VERIFY: z.coerce.number().int().min(1).default(30),
  /** Largest contact form accepted as a plain POST (without JavaScript), in bytes. */
  CONTACT_FORM_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  /** Shortest accepted password, in characters (GoTrue's GOTRUE_PASSWORD_MIN_LENGTH). */
  AUTH_PASSWORD_MIN_LENGTH: z.coerce.number().int().min(6).max(72).default(8),
  /** How many of the most common passwords (SecLists' ranked list) are refused; 0 turns the list off. */
  AUTH_COMMON_PASSWORDS: z.coerce
    .number()
    .int()
    .refine((n) => n === 0 || (n >= 100_000 && n <= 999_999), 'must be 0 (off) or from 100000 to 999999')
    .default(200_000),
  /**
   * Failed sign-ins (or TOTP codes, or e-mailed codes) for one account before it is locked for the
   * window below. Written to private.account_lock_settings at start-up, which the verification
   * hooks read; our server's lock of unknown addresses reads it there too.
   */
  AUTH_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(3).max(1000).default(10),
  AUTH_ACCOUNT_LOCK_MINUTES: z.coerce.number().int().min(1).max(1440).default(15),
  /**
   * The Password Verification Attempt hook (GOTRUE_HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI): a
   * Postgres function, or an HTTP(S) endpoint with its secrets (..._SECRETS) as GoTrue signs them.
   */
  AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: hookUri.default(
    'pg-functions://postgres/private/hook_password_verification_attempt',
  ),
  AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_SECRETS: hookSecrets,
  /** The MFA Verification Attempt hook (GOTRUE_HOOK_MFA_VERIFICATION_ATTEMPT_URI), likewise. */
  AUTH_HOOK_MFA_VERIFICATION_ATTEMPT_URI: hookUri.default(
    'pg-functions://postgres/private/hook_mfa_verification_attempt',
  ),
  AUTH_HOOK_MFA_VERIFICATION_ATTEMPT_SECRETS: hookSecrets,
  /** How long (ms) an HTTP hook may take to answer before the attempt fails (GoTrue's is 5 s). */
  AUTH_HOOK_HTTP_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5000),
  /**
   * Sign-ups get a session at once, without confirming the address (GoTrue's MAILER_AUTOCONFIRM).
   * Development only: it lets anyone register any address, and a repeated sign-up then answers
   * "already registered"; production refuses it.
   */
  AUTH_AUTOCONFIRM: flag(false),
  /** Lifetime of a sign-in link or sign-up confirmation and its code (GoTrue's MAILER_OTP_EXP). */
  AUTH_EMAIL_LINK_MINUTES: z.coerce.number().int().min(5).max(1440).default(60),
  /**
   * Where auth e-mails go: the Send Email hook, as on Supabase (GoTrue's GOTRUE_HOOK_SEND_EMAIL_URI).
   * Unset: the project's send-auth-email function at /functions/v1/send-auth-email (in-process, or
   * FUNCTIONS_URL's).
   */
  AUTH_HOOK_SEND_EMAIL_URI: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * The hook's secrets, `v1,whsec_<base64>` (GOTRUE_HOOK_SEND_EMAIL_SECRETS; the first signs). Unset:
   * one derived from SERVICE_ROLE_KEY, which our server also gives the in-process function.
   */
  AUTH_HOOK_SEND_EMAIL_SECRETS: hookSecrets,
  /**
   * WebAuthn (passkeys) as a second factor, off as on Supabase (but on in development when unset,
   * withDevelopmentDefaults): enrolling a new one
   * (GOTRUE_MFA_WEB_AUTHN_ENROLL_ENABLED, config.toml [auth.mfa.web_authn] enroll_enabled) and
   * challenging or verifying one (..._VERIFY_ENABLED, verify_enabled).
   */
  AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: flag(false),
  AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: flag(false),
  /** The relying party's ID (GOTRUE_WEBAUTHN_RP_ID): a host name; defaults to SITE_URL's. */
  AUTH_WEBAUTHN_RP_ID: z
    .string()
    .regex(/^[a-z0-9.-]+$/, 'expected a lower-case host name, without scheme or port')
    .optional(),
  /** Origins a passkey may be used from, comma-separated (GOTRUE_WEBAUTHN_RP_ORIGINS); defaults to SITE_URL's. */
  AUTH_WEBAUTHN_RP_ORIGINS: z
    .string()
    .transform((value) => value.split(',').map((origin) => origin.trim().replace(/\/$/, '')))
    .pipe(z.array(z.url({ protocol: /^https?$/ })).min(1))
    .optional(),
  /** The name authenticators show for the site (GOTRUE_WEBAUTHN_RP_DISPLAY_NAME); defaults to the firm's. */
  AUTH_WEBAUTHN_RP_DISPLAY_NAME: z.string().min(1).max(100).optional(),
  /** How long a session is known to exist before REST/Storage ask again (revocation delay, ms). */
  AUTH_REVOCATION_CHECK_MS: z.coerce.number().int().min(0).max(5000).default(4000),
  /** Largest accepted upload, in bytes (buckets may set a lower limit). */
  STORAGE_MAX_UPLOAD_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(50 * 1024 * 1024),
  // Limits on what one API request may ask for (decision 0012). Generous defaults; each is
  // checked before the request reaches the database, and answered with a 4xx naming it.
  /** Levels of embedded resources in a REST `select`. */
  REST_MAX_EMBED_DEPTH: z.coerce.number().int().min(1).max(32).default(8),
  /** Embedded resources in one REST `select`, all levels together. */
  REST_MAX_EMBEDS: z.coerce.number().int().min(1).max(200).default(40),
  /** Nesting of REST `and`/`or` trees, and steps of a JSON path (`col->a->b`). */
  REST_MAX_FILTER_DEPTH: z.coerce.number().int().min(1).max(64).default(16),
  /**
   * How a REST request's transaction ends (PostgREST's db-tx-end, PGRST_DB_TX_END; each REST_DB_*
   * setting is PostgREST's PGRST_DB_* of the same name, and `alter role authenticator set
   * pgrst.db_…` in the database wins over it, as in PostgREST): `commit`; `commit-allow-override`,
   * where `Prefer: tx=rollback` (supabase-js `.rollback()`) undoes it; `rollback`; or
   * `rollback-allow-override`, where `Prefer: tx=commit` keeps it. Supabase projects commit.
   */
  REST_DB_TX_END: z.enum(['commit', 'commit-allow-override', 'rollback', 'rollback-allow-override']).default('commit'),
  /**
   * Aggregate functions in a REST `select` (`count()`, `col.sum()`, …; PostgREST's
   * db-aggregates-enabled). Off, as on Supabase: refused with 400 PGRST123.
   */
  REST_DB_AGGREGATES_ENABLED: flag(false),
  /**
   * EXPLAIN plans of REST requests (`Accept: application/vnd.pgrst.plan+json` or `+text`,
   * supabase-js `.explain()`; PostgREST's db-plan-enabled). Off, as on Supabase: the plan types
   * are then unknown, 406 PGRST107. They show a query's tables, indexes and, with `analyze`, its
   * row counts, so turn them on for development, not for a public project.
   */
  REST_DB_PLAN_ENABLED: flag(false),
  /** Nesting of any JSON request body (auth, REST, storage, functions). */
  API_MAX_JSON_DEPTH: z.coerce.number().int().min(2).max(1000).default(64),
  /** Largest request body, in bytes, counted while it streams in. */
  REST_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024),
  AUTH_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(64 * 1024),
  FUNCTIONS_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(256 * 1024),
  /**
   * Where the Edge Functions run when not in this process: /functions/v1/<name> is forwarded to
   * <FUNCTIONS_URL>/<name> (an edge runtime, `supabase functions serve`, or Supabase's own
   * https://<ref>.supabase.co/functions/v1). Unset: the same code runs in-process.
   */
  FUNCTIONS_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** How long a forwarded function call may take, in milliseconds (Supabase's is 150 s). */
  FUNCTIONS_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(150_000),
  /**
   * After answering a request whose body it did not read to the end (a refusal), the server
   * says `Connection: close` and keeps reading and discarding what the client still sends, for at
   * most this long (ms) and this many bytes, before closing, so the client reads the answer and
   * not a connection reset (RFC 9112 §9.6). 0 ms closes at once.
   */
  HTTP_LINGER_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
  /**
   * On SIGTERM/SIGINT: how long (ms) requests in flight may go on before their connections are
   * cut and the database closes anyway, so a stop always ends and gives back the data directory.
   */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  HTTP_LINGER_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(0)
    .default(64 * 1024 * 1024),
  /** Longest lifetime a signed download URL may be given, in seconds (7 days). */
  STORAGE_SIGNED_URL_MAX_SECONDS: z.coerce.number().int().min(60).max(31_536_000).default(604_800),
  /** Lifetime of a signed upload URL, in seconds (2 hours, as Supabase Storage gives). */
  STORAGE_SIGNED_UPLOAD_SECONDS: z.coerce.number().int().min(60).max(604_800).default(7200),
  // Storage image transformations (/storage/v1/render/image, decision 0033).
  /** Off: the render routes answer as on a Storage without them (404), as `[storage.image_transformation] enabled = false`. */
  IMAGE_TRANSFORMATION_ENABLED: flag(true),
  /** Largest width or height of a render; larger asks are clamped to it (Storage's IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE). */
  IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE: z.coerce.number().int().min(1).max(10_000).default(2000),
  /** Largest source file rendered, in bytes (the local stack's imgproxy: 25 MB). */
  IMAGE_TRANSFORMATION_MAX_SOURCE_BYTES: z.coerce.number().int().min(1).default(25_000_000),
  /** Most pixels a source may have, width × height as its header declares (imgproxy's 50 megapixels). */
  IMAGE_TRANSFORMATION_MAX_SOURCE_PIXELS: z.coerce.number().int().min(1).max(268_402_689).default(50_000_000),
  /** Renders at once; more wait in line. Each 12-megapixel render holds tens of megabytes. */
  IMAGE_TRANSFORMATION_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** Renders waiting for a slot; one more is refused (429). */
  IMAGE_TRANSFORMATION_MAX_WAITING: z.coerce.number().int().min(0).max(10_000).default(16),
  /** Seconds a render may wait for a slot, and then run, before it is answered 408 (imgproxy's 15 s). */
  IMAGE_TRANSFORMATION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(600).default(15),
  // Realtime (decision 0014): limits per server and per socket, and how changes are read.
  /** Open Realtime sockets at once; more are refused with 429. */
  REALTIME_MAX_CONNECTIONS: z.coerce.number().int().min(1).max(100_000).default(2000),
  /** Open sockets from one client address (TRUST_PROXY decides which address); more get a join error. */
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(50),
  /** Sockets on which one user has channels (browser tabs); a join on one more is refused. */
  REALTIME_MAX_CONNECTIONS_PER_USER: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Channels one socket may join (Realtime's tenant default: 100). */
  REALTIME_MAX_CHANNELS_PER_CONNECTION: z.coerce.number().int().min(1).max(10_000).default(100),
  /** postgres_changes bindings one channel may ask for. */
  REALTIME_MAX_BINDINGS_PER_CHANNEL: z.coerce.number().int().min(1).max(1000).default(10),
  /** postgres_changes bindings one user may hold over all sockets: bounds the work one change costs per user. */
  REALTIME_MAX_BINDINGS_PER_USER: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Largest presence meta (the tracked payload as JSON), in bytes; a larger track is refused. */
  REALTIME_MAX_PRESENCE_BYTES: z.coerce
    .number()
    .int()
    .min(64)
    .max(1024 * 1024)
    .default(1024),
  /** Largest WebSocket frame accepted, in bytes; a larger one closes the socket (1009). */
  REALTIME_MAX_MESSAGE_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(1024 * 1024),
  /** Frames per second one socket may send; beyond it its channels are closed (Realtime: 100). */
  REALTIME_MAX_EVENTS_PER_SECOND: z.coerce.number().int().min(1).max(100_000).default(100),
  /** Largest body of a REST broadcast (`POST /realtime/v1/api/broadcast`), in bytes. */
  REALTIME_BROADCAST_MAX_BODY_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(16 * 1024 * 1024)
    .default(1024 * 1024),
  /** Messages in one REST broadcast batch; a larger batch is refused with 429, as Realtime does. */
  REALTIME_BROADCAST_MAX_MESSAGES: z.coerce.number().int().min(1).max(10_000).default(100),
  /** Longest channel name, in bytes (realtime-js cannot send more than 255). */
  REALTIME_MAX_TOPIC_BYTES: z.coerce.number().int().min(1).max(255).default(255),
  /** A socket that sends nothing this long is closed (clients send a heartbeat every 25 s). */
  REALTIME_IDLE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(3_600_000).default(60_000),
  /** Longest postgres_changes `filter` string. */
  REALTIME_MAX_FILTER_CHARS: z.coerce.number().int().min(10).max(100_000).default(1000),
  /** Queued changes are also looked for this often (ms) besides NOTIFY; 0: only on NOTIFY. */
  REALTIME_POLL_INTERVAL_MS: z.coerce.number().int().min(0).max(60_000).default(1000),
  /** Changes taken from the queue per query. */
  REALTIME_CHANGES_PER_QUERY: z.coerce.number().int().min(1).max(10_000).default(200),
  /**
   * Identities whose row-level security is checked in one query. PostgreSQL runs a change's
   * queries at once (unset: 50); PGlite one after another, so other requests wait behind one of
   * them at most (unset: 10).
   */
  REALTIME_SUBSCRIBERS_PER_QUERY: z.coerce.number().int().min(1).max(10_000).optional(),
  // Project conversations (decision 0016): written into the database at start-up, which enforces them.
  /** Longest message, in characters. */
  CONVERSATION_MAX_MESSAGE_CHARS: z.coerce.number().int().min(1).max(100_000).default(4000),
  /** Minutes during which the author may edit a message (0: never). */
  CONVERSATION_EDIT_MINUTES: z.coerce.number().int().min(0).max(10_080).default(15),
  /** Documents one message may attach. */
  CONVERSATION_MAX_ATTACHMENTS: z.coerce.number().int().min(0).max(100).default(5),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').default(developmentKeys.jwtSecret),
  /**
   * Access-token signing keys: a JSON array of private JWKs (ES256 or RS256, each with a kid).
   * The first signs, every one verifies (README: rotating keys). JWT_SECRET stays for the
   * anon and service-role keys.
   */
  JWT_SIGNING_KEYS: signingKeysSchema.prefault(developmentKeys.signingKeys),
  /** Access-token lifetime in seconds. */
  JWT_EXPIRY: z.coerce.number().int().min(30).max(604800).default(3600),
  /** Lifetime in seconds of a staff member's read-only "view as client" token (decision 0022). */
  AUTH_VIEW_AS_EXPIRY: z.coerce.number().int().min(60).max(7200).default(1200),
  ANON_KEY: z.string().min(20).default(developmentKeys.anonKey),
  SERVICE_ROLE_KEY: z.string().min(20).default(developmentKeys.serviceRoleKey),
  /**
   * Outgoing e-mail and the notification outbox: MAIL_FROM, MAIL_TRANSPORT (smtp: SMTP_URL or
   * SMTP_HOST, SMTP_PORT, SMTP_USER, SMTP_PASS; http: MAIL_API_URL, MAIL_API_KEY),
   * NOTIFICATION_DIGEST_MINUTES, NOTIFICATION_DIGEST_MAX_ITEMS, MAIL_LEASE_SECONDS, MAIL_BATCH_SIZE,
   * MAIL_MAX_ATTEMPTS, MAIL_RETRY_SECONDS, MAIL_RUN_SECONDS. Defined with their documentation in
   * supabase/functions/_shared/mail/settings.ts, because the send-notifications Edge Function reads
   * the same variables. Without a destination for MAIL_TRANSPORT, development and tests start a
   * local mail catcher (readable at /_dev/mail) and send there; production refuses to start.
   */
  ...mailSettingsShape,
  /**
   * How often this server runs send-notifications, in ms, as Supabase Cron does every minute
   * (migration 20261130110000); 0: only when asked (tests call notificationMails.flush()).
   */
  NOTIFICATION_MAIL_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /** Days a request for approval waits before its approvers are reminded (and again after as many). */
  APPROVAL_REMINDER_DAYS: z.coerce.number().min(0.01).max(60).default(3),
  /** Reminders per round of a request at most (a new version starts a new round). */
  APPROVAL_REMINDER_MAX: z.coerce.number().int().min(0).max(20).default(3),
  /** How often the reminder job looks for due requests, in ms; 0 runs it only when asked (tests). */
  APPROVAL_REMINDER_INTERVAL_MS: z.coerce.number().int().min(0).max(86_400_000).default(900_000),
  /**
   * Ports of the development mail catcher: its HTTP e-mail API (MAIL_TRANSPORT=http) listens on
   * this one, its SMTP server on this + 1. What it caught is shown at /_dev/mail.
   */
  MAIL_CATCHER_PORT: z.coerce.number().int().min(0).max(65534).optional(),
  // Dashboards (decision 0039).
  /**
   * METABASE_SITE_URL, METABASE_SECRET_KEY, METABASE_EMBED_MINUTES: the Metabase site and the
   * secret dashboard-embed signs its embed tokens with (supabase/functions/_shared/dashboards.ts).
   */
  ...metabaseSettingsShape,
  /**
   * More origins the portal may frame dashboards from, space-separated, besides the known
   * providers and METABASE_SITE_URL (the page's Content-Security-Policy frame-src).
   */
  DASHBOARD_FRAME_SOURCES: frameSourcesSetting,
  /**
   * Development and tests only: dashboards on http://localhost or http://127.0.0.1 (hosts still on
   * the allowlist) are accepted and framed. Production refuses it.
   */
  DASHBOARD_LOCAL_HTTP: flag(false),
})

const schema = serverSettings.superRefine((env, ctx) => {
  // A hook elsewhere shares its secret with us; only the in-process one can use the derived one.
  if (env.AUTH_HOOK_SEND_EMAIL_URI && !env.AUTH_HOOK_SEND_EMAIL_SECRETS)
    ctx.addIssue({
      code: 'custom',
      path: ['AUTH_HOOK_SEND_EMAIL_SECRETS'],
      message: 'is required with AUTH_HOOK_SEND_EMAIL_URI (the hook’s secret, v1,whsec_…)',
    })
  for (const hook of ['PASSWORD_VERIFICATION_ATTEMPT', 'MFA_VERIFICATION_ATTEMPT'] as const) {
    if (!pgFunctionUri.test(env[`AUTH_HOOK_${hook}_URI`]) && !env[`AUTH_HOOK_${hook}_SECRETS`])
      ctx.addIssue({
        code: 'custom',
        path: [`AUTH_HOOK_${hook}_SECRETS`],
        message: `is required with an HTTP AUTH_HOOK_${hook}_URI (the hook’s secret, v1,whsec_…)`,
      })
  }
  // A browser refuses a passkey whose RP ID is not its page's host or a parent domain of it.
  // (A SITE_URL that is not a URL was already reported by its own check.)
  const rp = URL.canParse(siteOrigin(env)) ? webAuthnRelyingParty(env) : { id: '', origins: [] }
  for (const origin of rp.origins) {
    // An origin that is not a URL was already reported by its own check.
    if (!URL.canParse(origin)) continue
    const host = new URL(origin).hostname
    if (host !== rp.id && !host.endsWith(`.${rp.id}`))
      ctx.addIssue({
        code: 'custom',
        path: ['AUTH_WEBAUTHN_RP_ORIGINS'],
        message: `${origin} is not on the relying party ${rp.id} (AUTH_WEBAUTHN_RP_ID)`,
      })
  }
  if (env.SUPABASE_ONLY && !env.FUNCTIONS_URL)
    ctx.addIssue({
      code: 'custom',
      path: ['FUNCTIONS_URL'],
      message: 'is required with SUPABASE_ONLY (the functions run on an edge runtime, as on Supabase)',
    })
  if (env.NODE_ENV !== 'production') return
  const insecure = [
    ['JWT_SECRET', env.JWT_SECRET === developmentKeys.jwtSecret],
    ['JWT_SIGNING_KEYS', env.JWT_SIGNING_KEYS.some((key) => developmentSigningKids.has(key.kid))],
    ['ANON_KEY', env.ANON_KEY === developmentKeys.anonKey],
    ['SERVICE_ROLE_KEY', env.SERVICE_ROLE_KEY === developmentKeys.serviceRoleKey],
  ] as const
  for (const [name, isDevelopmentValue] of insecure) {
    if (isDevelopmentValue)
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: 'is the public development value; set a secret one in production',
      })
  }
  if (env.AUTH_AUTOCONFIRM)
    ctx.addIssue({ code: 'custom', path: ['AUTH_AUTOCONFIRM'], message: 'must be false in production' })
  if (env.DASHBOARD_FRAME_SOURCES.some((origin) => !origin.startsWith('https:')))
    ctx.addIssue({ code: 'custom', path: ['DASHBOARD_FRAME_SOURCES'], message: 'must be https origins in production' })
  if (env.DASHBOARD_LOCAL_HTTP)
    ctx.addIssue({ code: 'custom', path: ['DASHBOARD_LOCAL_HTTP'], message: 'must be false in production' })
  if (env.METABASE_SITE_URL?.startsWith('http:'))
    ctx.addIssue({ code: 'custom', path: ['METABASE_SITE_URL'], message: 'must be https in production' })
  const destination = mailDestination(env)
  if ('missing' in destination)
    ctx.addIssue({ code: 'custom', path: ['MAIL_TRANSPORT'], message: `${destination.missing} in production` })
  if (!env.SITE_URL) ctx.addIssue({ code: 'custom', path: ['SITE_URL'], message: 'is required in production' })
})

export type Env = z.infer<typeof schema>

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  return parseSettings(schema, withDevelopmentDefaults(source))
}

/**
 * Passkeys are on when unset in development (`npm start`: the staff account page offers them);
 * elsewhere they are off unless set, as on Supabase.
 */
function withDevelopmentDefaults(source: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  if ((source.NODE_ENV || 'development') !== 'development') return source
  const defaults: NodeJS.ProcessEnv = {}
  for (const name of ['AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED', 'AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED'])
    if (!source[name]) defaults[name] = 'true'
  return { ...source, ...defaults }
}

/** Parses the environment with `settings`; an empty variable counts as unset. */
export function parseSettings<T extends z.ZodType>(settings: T, source: NodeJS.ProcessEnv): z.infer<T> {
  const result = settings.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  )
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${problems.join('\n')}`)
  }
  return result.data
}

/** MAIL_CATCHER_PORT's default outside tests (tests take free ports unless it is set). */
export const defaultMailCatcherPort = 1080

/** The origin the APIs answer at, as the outside sees it (no trailing slash). */
export function apiOrigin(env: Pick<Env, 'API_EXTERNAL_URL' | 'SITE_URL' | 'HOST' | 'PORT'>): string {
  return env.API_EXTERNAL_URL ? env.API_EXTERNAL_URL.replace(/\/$/, '') : siteOrigin(env)
}

/** The origin e-mail links and redirects point to. */
export function siteOrigin(env: Pick<Env, 'SITE_URL' | 'HOST' | 'PORT'>): string {
  return (env.SITE_URL ?? `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`).replace(/\/$/, '')
}

/** The WebAuthn relying party: its ID and the origins it accepts, by default the site's. */
export function webAuthnRelyingParty(
  env: Pick<Env, 'AUTH_WEBAUTHN_RP_ID' | 'AUTH_WEBAUTHN_RP_ORIGINS' | 'SITE_URL' | 'HOST' | 'PORT'>,
): { id: string; origins: string[] } {
  const site = siteOrigin(env)
  return { id: env.AUTH_WEBAUTHN_RP_ID ?? new URL(site).hostname, origins: env.AUTH_WEBAUTHN_RP_ORIGINS ?? [site] }
}
