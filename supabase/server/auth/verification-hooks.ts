// Supabase Auth's Password Verification Attempt and MFA Verification Attempt hooks, called as
// GoTrue calls a Postgres-function hook (pg-functions://postgres/<schema>/<fn>): in a transaction of
// its own as supabase_auth_admin, with a 2 s statement timeout, `select <fn>(event)`; or, with an
// http(s) URI, as it calls an HTTP hook: the event POSTed, signed as Standard Webhooks. The account
// lock lives in those functions (migration 20261202110000), so Supabase and our server run the same
// lock; AUTH_HOOK_*_VERIFICATION_ATTEMPT_URI name the functions as GoTrue's settings do.
import { randomUUID } from 'node:crypto'
import type { Context } from 'hono'
import { pgFunctionUri } from '../env'
import type { AuthContext } from './context'
import { AuthError, errors } from './errors'
import { clientIp } from './http'
import type { LockSettings } from './account-lock'
import type { Settings } from '../db/database'
import { signedHookRequest } from './webhook'

/** How GoTrue runs a Postgres-function hook: as supabase_auth_admin, with its 2 s timeout. */
const hookTransaction: Settings = [
  ['role', 'supabase_auth_admin'],
  ['statement_timeout', '2s'],
]

type HookName = 'password-verification' | 'mfa-verification'

interface VerificationOutput {
  decision?: unknown
  message?: unknown
  should_logout_user?: unknown
}

/** A Postgres-function hook: `select <fn>(event)` in a transaction shaped as GoTrue's. */
async function callPgHook(ctx: AuthContext, match: RegExpExecArray, event: object): Promise<unknown> {
  return ctx.deps.db.transaction(
    async (tx) =>
      (await tx.query<{ output: unknown }>(`select "${match[1]}"."${match[2]}"($1::jsonb) as output`, [event])).rows[0]
        ?.output,
    hookTransaction,
    { retryable: true },
  )
}

/**
 * An HTTP hook: the event POSTed and signed as GoTrue signs it, answered within the timeout. A
 * refusal that names itself ({error: {http_code, message}}) is passed on; any other failure is one.
 */
async function callHttpHook(ctx: AuthContext, uri: string, secrets: string, event: object): Promise<unknown> {
  const response = await fetch(signedHookRequest(uri, secrets, JSON.stringify(event)), {
    signal: AbortSignal.timeout(ctx.deps.env.AUTH_HOOK_HTTP_TIMEOUT_MS),
    redirect: 'error',
  })
  const text = await response.text()
  const body = text ? (JSON.parse(text) as unknown) : {}
  if (!response.ok && !(body && typeof body === 'object' && 'error' in body))
    throw new Error(`answered ${response.status}`)
  return body
}

/** Runs the hook at `uri` with `input` (plus GoTrue's metadata) and returns its output. */
async function invokeHook(
  ctx: AuthContext,
  c: Context,
  hook: { uri: string; secrets: string | undefined },
  name: HookName,
  input: Record<string, unknown>,
): Promise<VerificationOutput> {
  const { uri, secrets } = hook
  const event = {
    metadata: { uuid: randomUUID(), time: new Date().toISOString(), name, ip_address: clientIp(c) },
    ...input,
  }
  const match = pgFunctionUri.exec(uri)
  let output: unknown
  try {
    // env.ts requires the secrets with an HTTP hook.
    output = match ? await callPgHook(ctx, match, event) : await callHttpHook(ctx, uri, secrets ?? '', event)
  } catch (error) {
    console.error(`auth: the hook ${uri} failed`, error)
    throw errors.unexpected(`Error running hook URI: ${uri}`)
  }
  const parsed = (typeof output === 'string' ? JSON.parse(output) : output) as Record<string, unknown> | null
  // An {error: {http_code, message}} answer is sent on as GoTrue does (500 without a code).
  const failure = parsed?.error as { http_code?: unknown; message?: unknown } | undefined
  if (failure && typeof failure.message === 'string' && failure.message) {
    const status = typeof failure.http_code === 'number' && failure.http_code !== 0 ? failure.http_code : 500
    const known = status >= 400 && status < 500 ? (status as AuthError['status']) : 500
    throw new AuthError(known, known === 500 ? 'unexpected_failure' : 'unknown', failure.message)
  }
  return parsed ?? {}
}

const rejected = (output: VerificationOutput) => output.decision === 'reject'
const messageOf = (output: VerificationOutput, fallback: string) =>
  typeof output.message === 'string' && output.message ? output.message : fallback

/**
 * After a password was checked for an existing account: GoTrue's answer to a rejection is its 400
 * invalid_credentials with the hook's message (the lock's says when to try again).
 */
export async function passwordVerificationAttempt(
  ctx: AuthContext,
  c: Context,
  userId: string,
  valid: boolean,
): Promise<void> {
  const { env } = ctx.deps
  const hook = {
    uri: env.AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI,
    secrets: env.AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_SECRETS,
  }
  const output = await invokeHook(ctx, c, hook, 'password-verification', { user_id: userId, valid })
  if (!rejected(output)) return
  if (output.should_logout_user === true)
    await ctx.deps.db.query('delete from auth.sessions where user_id = $1', [userId])
  throw passwordRejection(messageOf(output, 'Further password verification attempts will be rejected.'))
}

export function passwordRejection(message: string): AuthError {
  return new AuthError(400, 'invalid_credentials', message)
}

/**
 * After a TOTP code or a passkey's response was checked: on a rejection GoTrue signs the user out everywhere and answers
 * 403 mfa_verification_rejected with the hook's message.
 */
export async function mfaVerificationAttempt(
  ctx: AuthContext,
  c: Context,
  input: { userId: string; factorId: string; factorType?: 'totp' | 'webauthn'; valid: boolean },
): Promise<void> {
  const { env } = ctx.deps
  const hook = {
    uri: env.AUTH_HOOK_MFA_VERIFICATION_ATTEMPT_URI,
    secrets: env.AUTH_HOOK_MFA_VERIFICATION_ATTEMPT_SECRETS,
  }
  const output = await invokeHook(ctx, c, hook, 'mfa-verification', {
    user_id: input.userId,
    factor_id: input.factorId,
    factor_type: input.factorType ?? 'totp',
    valid: input.valid,
  })
  if (!rejected(output)) return
  await ctx.deps.db.query('delete from auth.sessions where user_id = $1', [input.userId])
  throw new AuthError(
    403,
    'mfa_verification_rejected',
    messageOf(output, 'Further MFA verification attempts will be rejected.'),
  )
}

/**
 * The lock's limits, for an address without an account, read in a transaction shaped like the
 * hook's (its own, as supabase_auth_admin, with the hook's timeout): a wrong password then costs
 * about the same with or without an account, so its timing does not tell which (bench:oracles).
 */
export async function lockSettingsForUnknown(ctx: AuthContext): Promise<LockSettings> {
  const row = await ctx.deps.db.transaction(
    async (tx) =>
      (
        await tx.query<{ max_failures: number; lock_minutes: number }>(
          'select max_failures, lock_minutes from private.account_lock_settings',
        )
      ).rows[0],
    hookTransaction,
  )
  if (!row) throw new Error('private.account_lock_settings has no row')
  return { maxFailures: row.max_failures, windowMs: row.lock_minutes * 60_000 }
}
