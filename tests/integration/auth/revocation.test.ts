// Revocation that reaches every API: after sign-out (each scope), a password change, a ban
// (deactivation) or refresh-token reuse, the session's access tokens stop working on /rest/v1,
// /storage/v1 and /functions/v1 too, not only on /auth/v1, and not at their expiry. With the
// check interval at 0 the effect is immediate; with the default it comes within 5 seconds.
import { describe, expect, it } from 'vitest'
import { describeEachDatabase, type TestServer } from '../support/server'
import { password, refreshWith, signIn, signUp, useAuthServer } from './support/helpers'

/** Status of a request with `token` on each API: REST, Storage, Functions (a client calling admin-users). */
async function statuses(server: TestServer, token: string) {
  const headers = { apikey: server.anonKey, authorization: `Bearer ${token}` }
  const rest = await server.request('/rest/v1/profiles?select=id', { headers })
  const storage = await server.request('/storage/v1/bucket', { headers })
  const functions = await server.request('/functions/v1/admin-users', {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ action: 'resend', user_id: '00000000-0000-4000-8000-000000000000' }),
  })
  return { rest: rest.status, storage: storage.status, functions: functions.status }
}

// A live client token: REST and Storage answer, the function refuses a client (403, not 401).
const live = { rest: 200, storage: 200, functions: 403 }
const revoked = { rest: 401, storage: 400, functions: 401 }

describeEachDatabase('revocation on every API on %s', (kind) => {
  const server = useAuthServer(kind, { AUTH_REVOCATION_CHECK_MS: '0' })

  it('ends the token of a signed-out session on REST, Storage and Functions', async () => {
    const user = await signUp(server)
    expect(await statuses(server, user.accessToken)).toEqual(live)
    const rest = await server.request('/rest/v1/profiles?select=id', {
      headers: { apikey: server.anonKey, authorization: `Bearer ${user.accessToken}` },
    })
    expect(await user.client.auth.signOut({ scope: 'local' })).toEqual({ error: null })
    expect(await statuses(server, user.accessToken)).toEqual(revoked)
    const after = await server.request('/rest/v1/profiles?select=id', {
      headers: { apikey: server.anonKey, authorization: `Bearer ${user.accessToken}` },
    })
    expect(rest.status).toBe(200)
    expect(await after.json()).toMatchObject({ code: 'PGRST303', message: 'JWT session has ended' })
  })

  it('ends the other sessions on sign-out with scope "others" and on a password change', async () => {
    const user = await signUp(server)
    const second = await signIn(server, user.email)
    const third = await signIn(server, user.email)
    await user.client.auth.signOut({ scope: 'others' })
    expect(await statuses(server, user.accessToken)).toEqual(live)
    expect(await statuses(server, second.session.access_token)).toEqual(revoked)

    const { data } = await user.client.auth.getSession()
    const change = await user.client.auth.updateUser({ password: 'another-fine-secret', current_password: password })
    expect(change.error).toBeNull()
    expect(await statuses(server, data.session!.access_token)).toEqual(live)
    expect(await statuses(server, third.session.access_token)).toEqual(revoked)
  })

  it('ends every session of a deactivated (banned) account and of a global sign-out', async () => {
    const banned = await signUp(server)
    await server.serviceClient().auth.admin.updateUserById(banned.id, { ban_duration: '876000h' })
    expect(await statuses(server, banned.accessToken)).toEqual(revoked)

    const user = await signUp(server)
    const other = await signIn(server, user.email)
    await other.client.auth.signOut({ scope: 'global' })
    expect(await statuses(server, user.accessToken)).toEqual(revoked)
  })

  it('ends the session whose refresh token was reused', async () => {
    const user = await signUp(server)
    const rotated = await refreshWith(server, user.refreshToken)
    expect(rotated.status).toBe(200)
    const fresh = (await rotated.json()) as { access_token: string; refresh_token: string }
    await refreshWith(server, fresh.refresh_token)
    // The first token again, long after its rotation: a thief's copy. The whole session ends.
    const { authRuntime } = await import('../../../supabase/server/auth/runtime')
    authRuntime(server.deps).clock.advance(60_000)
    expect((await refreshWith(server, user.refreshToken)).status).toBe(400)
    expect(await statuses(server, fresh.access_token)).toEqual(revoked)
  })
})

describe('revocation with the default check interval', () => {
  const server = useAuthServer('pglite')

  it('reaches REST within 5 seconds of the sign-out', async () => {
    const user = await signUp(server)
    expect((await statuses(server, user.accessToken)).rest).toBe(200)
    const signedOutAt = Date.now()
    await user.client.auth.signOut({ scope: 'local' })
    await expect
      .poll(async () => (await statuses(server, user.accessToken)).rest, { timeout: 5000, interval: 250 })
      .toBe(401)
    expect(Date.now() - signedOutAt).toBeLessThan(5000)
  })
})
