// Per-server state of the auth API that is not in the database: the clock every time rule reads
// (so tests can move time instead of waiting) and the in-memory rate limits.
import type { ServerDeps } from '../deps'
import { AccountLock } from './account-lock'
import { RateLimiter, type RateLimitRule } from './rate-limit'
import { inviteLinkSeconds, recoveryMailIntervalSeconds } from '../../../src/lib/auth/policy'

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number
  /** Moves this clock forward (tests); real time keeps flowing on top of it. */
  advance(ms: number): void
}

export function systemClock(): Clock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance: (ms) => {
      offset += ms
    },
  }
}

/** Counts per IP. GoTrue's defaults are per 5 minutes (token 150, verify 30) and 30 mails per hour. */
export interface RateLimits {
  signIn: RateLimitRule
  signUp: RateLimitRule
  recover: RateLimitRule
  verify: RateLimitRule
}

export function configuredRateLimits(env: ServerDeps['env']): RateLimits {
  const fiveMinutes = 5 * 60_000
  return {
    signIn: { max: env.AUTH_RATE_LIMIT_SIGN_IN, windowMs: fiveMinutes },
    signUp: { max: env.AUTH_RATE_LIMIT_SIGN_UP, windowMs: fiveMinutes },
    recover: { max: env.AUTH_RATE_LIMIT_RECOVER, windowMs: 60 * 60_000 },
    verify: { max: env.AUTH_RATE_LIMIT_VERIFY, windowMs: fiveMinutes },
  }
}

/** Time rules of the product (seconds unless named otherwise). */
export const authPolicy = {
  /** A revoked refresh token is still honoured this long after its rotation (two tabs refreshing at once). */
  refreshReuseSeconds: 10,
  recoveryLinkSeconds: 60 * 60,
  emailChangeLinkSeconds: 60 * 60,
  inviteLinkSeconds,
  /** A second recovery mail to the same address within this time is not sent (the page says so). */
  recoveryMailIntervalSeconds,
  mfaChallengeSeconds: 300,
  /** A reauthentication code (nonce) lives as long as GoTrue's e-mail OTPs on hosted projects. */
  reauthenticationSeconds: 60 * 60,
  /** GoTrue's per-user resend interval (SMTP_MAX_FREQUENCY). */
  reauthenticationIntervalSeconds: 60,
  unverifiedFactorSeconds: 300,
  maxFactors: 10,
  maxPasswordLength: 72,
} as const

export interface AuthRuntime {
  clock: Clock
  /** Mutable: adjust counts at start-up or in tests; the limiter reads them on every request. */
  limits: RateLimits
  limiter: RateLimiter
  /** AUTH_PASSWORD_MIN_LENGTH and AUTH_COMMON_PASSWORDS; mutable for tests, like the limits. */
  passwordRules: { minLength: number; commonPasswords: number }
  /** Failed attempts the verification hooks do not see: unknown addresses, e-mailed codes (account-lock.ts). */
  accountLock: AccountLock
}

const runtimes = new WeakMap<ServerDeps, AuthRuntime>()

/** The auth runtime of one server, created on first use. */
export function authRuntime(deps: ServerDeps): AuthRuntime {
  let runtime = runtimes.get(deps)
  if (!runtime) {
    const clock = systemClock()
    runtime = {
      clock,
      limits: configuredRateLimits(deps.env),
      limiter: new RateLimiter(() => clock.now()),
      passwordRules: { minLength: deps.env.AUTH_PASSWORD_MIN_LENGTH, commonPasswords: deps.env.AUTH_COMMON_PASSWORDS },
      accountLock: new AccountLock(
        () => clock.now(),
        {
          maxFailures: deps.env.AUTH_ACCOUNT_MAX_FAILURES,
          windowMs: deps.env.AUTH_ACCOUNT_LOCK_MINUTES * 60_000,
        },
        !deps.env.SUPABASE_ONLY,
      ),
    }
    runtimes.set(deps, runtime)
  }
  return runtime
}
