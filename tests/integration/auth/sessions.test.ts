// Refresh-token rotation and reuse (the window two open tabs need), and sign-out scopes.
import { expect, it } from 'vitest'
import { describeEachDatabase } from '../support/server'
import {
  authRequest,
  claimsOf,
  failureOf,
  refreshWith,
  runtimeOf,
  signIn,
  signUp,
  useAuthServer,
} from './support/helpers'

describeEachDatabase('sessions on %s', (kind) => {
  const server = useAuthServer(kind)

  const refreshTokenOf = async (response: Response) => {
    expect(response.status).toBe(200)
    return ((await response.json()) as { refresh_token: string }).refresh_token
  }

  it('rotates the refresh token; a just-rotated token gets the active child back', async () => {
    const user = await signUp(server)
    const { data, error } = await user.client.auth.refreshSession()
    expect(error).toBeNull()
    const r1 = data.session!.refresh_token
    expect(r1).not.toBe(user.refreshToken)
    expect(claimsOf(data.session!.access_token).session_id).toBe(claimsOf(user.accessToken).session_id)

    // The parent of the active token (a tab that missed the response) gets the active one.
    expect(await refreshTokenOf(await refreshWith(server, user.refreshToken))).toBe(r1)
    // Rotate once more; the grandparent is still inside the 10 s window.
    const r2 = await refreshTokenOf(await refreshWith(server, r1))
    expect(r2).not.toBe(r1)
    expect(await refreshTokenOf(await refreshWith(server, user.refreshToken))).toBe(r2)
  })

  it('two refreshes of the same token at once both succeed with the same new token', async () => {
    const user = await signUp(server)
    const [a, b] = await Promise.all([refreshWith(server, user.refreshToken), refreshWith(server, user.refreshToken)])
    expect(await refreshTokenOf(a)).toBe(await refreshTokenOf(b))
  })

  it('after the window, reusing an old token revokes the whole session', async () => {
    const user = await signUp(server)
    const r1 = await refreshTokenOf(await refreshWith(server, user.refreshToken))
    const r2 = await refreshTokenOf(await refreshWith(server, r1))
    runtimeOf(server).clock.advance(11_000)

    // r1 is the parent of the active token: still honoured, whatever its age.
    expect(await refreshTokenOf(await refreshWith(server, r1))).toBe(r2)
    // The original token is two generations old and out of the window: theft.
    expect(await failureOf(await refreshWith(server, user.refreshToken))).toMatchObject({
      status: 400,
      version: '2024-01-01',
      body: { code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' },
    })
    expect((await failureOf(await refreshWith(server, r2))).body.code).toBe('refresh_token_not_found')
    const { error } = await user.client.auth.getUser()
    expect(error?.name).toBe('AuthSessionMissingError')
  })

  it('answers unknown and missing refresh tokens as GoTrue does', async () => {
    expect(await failureOf(await refreshWith(server, 'no-such-token'))).toMatchObject({
      status: 400,
      body: { code: 'refresh_token_not_found', message: 'Invalid Refresh Token: Refresh Token Not Found' },
    })
    const empty = await authRequest(server, '/token?grant_type=refresh_token', { method: 'POST', json: {} })
    expect(await failureOf(empty)).toEqual({
      status: 400,
      version: '2024-01-01',
      body: { error: 'invalid_request', error_description: 'refresh_token required' },
    })
  })

  it('never rate-limits refreshes', async () => {
    const { limits, limiter } = runtimeOf(server)
    const saved = { ...limits.signIn }
    limits.signIn = { max: 1, windowMs: 60_000 }
    limiter.reset()
    try {
      const user = await signUp(server)
      let token = user.refreshToken
      for (let i = 0; i < 4; i += 1) token = await refreshTokenOf(await refreshWith(server, token))
    } finally {
      limits.signIn = saved
    }
  })

  it('signs out locally, others, and globally, revoking exactly those refresh tokens', async () => {
    const user = await signUp(server)
    const second = await signIn(server, user.email)
    const third = await signIn(server, user.email)
    const fourth = await signIn(server, user.email)

    // local: only this session ends.
    expect((await user.client.auth.signOut({ scope: 'local' })).error).toBeNull()
    expect((await failureOf(await refreshWith(server, user.refreshToken))).body.code).toBe('refresh_token_not_found')
    expect((await refreshWith(server, second.session.refresh_token)).status).toBe(200)

    // others: every session but the caller's ends; the caller keeps its local session.
    const { data: current } = await third.client.auth.getSession()
    expect((await third.client.auth.signOut({ scope: 'others' })).error).toBeNull()
    expect((await third.client.auth.getSession()).data.session?.access_token).toBe(current.session?.access_token)
    expect((await third.client.auth.getUser()).error).toBeNull()
    expect((await refreshWith(server, fourth.session.refresh_token)).status).toBe(400)

    // global: everything ends; the old access token is then refused as a missing session.
    const accessToken = current.session!.access_token
    expect((await third.client.auth.signOut()).error).toBeNull()
    const { error } = await server.client().auth.getUser(accessToken)
    expect(error?.name).toBe('AuthSessionMissingError')
    const raw = await authRequest(server, '/user', { token: accessToken })
    expect(await failureOf(raw)).toMatchObject({ status: 403, body: { code: 'session_not_found' } })

    const scope = await authRequest(server, '/logout?scope=everywhere', {
      method: 'POST',
      token: second.session.access_token,
    })
    expect(scope.status).toBe(403) // the global sign-out already ended this session
  })

  it('rejects an unknown logout scope', async () => {
    const user = await signUp(server)
    const response = await authRequest(server, '/logout?scope=everywhere', { method: 'POST', token: user.accessToken })
    expect(await failureOf(response)).toMatchObject({
      status: 400,
      body: { code: 'validation_failed', message: 'Unsupported logout scope "everywhere"' },
    })
    const local = await authRequest(server, '/logout?scope=local', { method: 'POST', token: user.accessToken })
    expect(local.status).toBe(204)
  })
})
