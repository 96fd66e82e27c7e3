// Helpers for the auth API tests: unique addresses, signed-up users, JWT claims, raw requests
// with supabase-js's headers, and the server's auth clock and rate limits.
import { randomUUID } from 'node:crypto'
import { decodeJwt } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { expect } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { authRuntime } from '../../../../supabase/server/auth/runtime'
import { useTestServer, type DatabaseKind, type TestServer } from '../../support/server'

export const password = 'correct-horse-battery'

/** What production requires of the environment, with stand-in secrets (for readEnv's refusals). */
export const productionEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'x'.repeat(40),
  ANON_KEY: 'a'.repeat(40),
  SERVICE_ROLE_KEY: 's'.repeat(40),
  SMTP_URL: 'smtp://mail.example.com',
  SITE_URL: 'https://example.com',
}

export function uniqueEmail(name: string): string {
  return `${name}.${randomUUID().slice(0, 8)}@example.com`
}

export function runtimeOf(server: TestServer) {
  return authRuntime(server.deps)
}

/** The code an authenticator shows now, by the server's clock, moved a step on for each new code. */
export function totpCode(server: TestServer, secret: string): string {
  runtimeOf(server).clock.advance(30_000)
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: runtimeOf(server).clock.now() })
}

/** Limits high enough that a test file never trips them by accident. */
export function relaxLimits(server: TestServer): void {
  const { limits, limiter, accountLock } = runtimeOf(server)
  for (const rule of Object.values(limits)) rule.max = 10_000
  limiter.reset()
  accountLock.settings.maxFailures = 10_000
  accountLock.reset()
}

/** The test server of the enclosing describe block, with limits relaxed (useTestServer). */
export function useAuthServer(kind: DatabaseKind, envOverrides: Record<string, string> = {}): TestServer {
  return useTestServer(kind, envOverrides, relaxLimits)
}

export interface SignedUpUser {
  client: SupabaseClient
  email: string
  id: string
  accessToken: string
  refreshToken: string
}

export async function signUp(
  server: TestServer,
  data: Record<string, unknown> = {},
  name = 'user',
): Promise<SignedUpUser> {
  const client = server.client()
  const email = uniqueEmail(name)
  const { data: result, error } = await client.auth.signUp({ email, password, options: { data } })
  if (error || !result.session || !result.user) throw new Error(`sign-up failed: ${error?.message}`)
  return {
    client,
    email,
    id: result.user.id,
    accessToken: result.session.access_token,
    refreshToken: result.session.refresh_token,
  }
}

/** A fresh client signed in as `email` (a new session). */
export async function signIn(server: TestServer, email: string, secret = password) {
  const client = server.client()
  const { data, error } = await client.auth.signInWithPassword({ email, password: secret })
  if (error || !data.session) throw new Error(`sign-in failed: ${error?.message}`)
  return { client, session: data.session }
}

export const claimsOf = (token: string) => decodeJwt(token) as Record<string, unknown> & { amr: { method: string }[] }

/** A raw auth request as supabase-js sends it (apikey, version header, optional user JWT). */
export function authRequest(
  server: TestServer,
  path: string,
  init: RequestInit & { token?: string; json?: unknown } = {},
) {
  const headers = new Headers(init.headers)
  headers.set('apikey', server.anonKey)
  headers.set('X-Supabase-Api-Version', '2024-01-01')
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${init.token ?? server.anonKey}`)
  let body = init.body
  if (init.json !== undefined) {
    headers.set('content-type', 'application/json;charset=UTF-8')
    body = JSON.stringify(init.json)
  }
  return server.request(`/auth/v1${path}`, { ...init, headers, body, redirect: 'manual' })
}

/** Status, GoTrue error body and the version header of a failed response. */
export async function failureOf(response: Response) {
  return {
    status: response.status,
    body: await response.json(),
    version: response.headers.get('x-supabase-api-version'),
  }
}

export async function refreshWith(server: TestServer, refreshToken: string) {
  return authRequest(server, '/token?grant_type=refresh_token', {
    method: 'POST',
    json: { refresh_token: refreshToken },
  })
}

/** The verify link in a caught e-mail, as a path the app can be asked for. */
export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/)
  if (!match) throw new Error(`no verify link in:\n${text}`)
  const url = new URL(match[0])
  return url.pathname + url.search
}

export function fragmentOf(location: string | null): URLSearchParams {
  return new URLSearchParams((location ?? '').split('#')[1] ?? '')
}

/**
 * Follows an e-mailed verify link (a path, linkIn): it must redirect (303) to the site's `landing`
 * page with a session of `type` in the fragment. Returns the fragment and a client holding that
 * session, as the site's page takes it.
 */
export async function followLink(server: TestServer, link: string, landing: string, type: string) {
  const response = await server.request(link, { redirect: 'manual' })
  expect(response.status).toBe(303)
  const location = response.headers.get('location')!
  expect(location.startsWith(`${server.url}${landing}#`)).toBe(true)
  const fragment = fragmentOf(location)
  expect(fragment.get('type')).toBe(type)
  const client = server.client()
  const { error } = await client.auth.setSession({
    access_token: fragment.get('access_token')!,
    refresh_token: fragment.get('refresh_token')!,
  })
  expect(error).toBeNull()
  return { fragment, client }
}

/** The confirmation-page link of a sign-in or sign-up mail, split into what the page reads. */
export function confirmLinkIn(text: string) {
  const match = text.match(/https?:\/\/\S+\/(es|en)\/confirm\?\S+/)
  if (!match) throw new Error(`no confirmation link in:\n${text}`)
  const url = new URL(match[0])
  return {
    path: url.pathname + url.search,
    locale: match[1],
    tokenHash: url.searchParams.get('token_hash')!,
    type: url.searchParams.get('type')!,
    redirectTo: url.searchParams.get('redirect_to')!,
  }
}

/** The six-digit code of a sign-in or sign-up mail. */
export function codeIn(text: string): string {
  const match = text.match(/\b(\d{6})\b/)
  if (!match?.[1]) throw new Error(`no code in:\n${text}`)
  return match[1]
}
