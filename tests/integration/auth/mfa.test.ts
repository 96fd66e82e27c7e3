// TOTP MFA through supabase-js: enrol, challenge, verify with a code computed here, the aal2
// claim, and the assurance-level rules for password change, enrolment and unenrolment.
import { expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeOnOneDatabase } from '../support/server'
import {
  authRequest,
  claimsOf,
  failureOf,
  password,
  refreshWith,
  runtimeOf,
  signIn,
  signUp,
  totpCode,
  useAuthServer,
} from './support/helpers'

describeOnOneDatabase('TOTP MFA on %s', (kind) => {
  const server = useAuthServer(kind)

  const codeFor = (secret: string) => totpCode(server, secret)

  const enrolVerified = async (client: SupabaseClient) => {
    const { data: factor, error } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(error).toBeNull()
    const { data, error: verifyError } = await client.auth.mfa.challengeAndVerify({
      factorId: factor!.id,
      code: codeFor(factor!.totp.secret),
    })
    expect(verifyError).toBeNull()
    return { factorId: factor!.id, secret: factor!.totp.secret, session: data! }
  }

  it('enrols a factor, verifies it with a computed code and upgrades the session to aal2', async () => {
    const user = await signUp(server)
    const { data: factor, error } = await user.client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Work phone',
    })
    expect(error).toBeNull()
    expect(factor).toMatchObject({ type: 'totp', friendly_name: 'Work phone' })
    expect(factor!.totp.uri).toMatch(/^otpauth:\/\/totp\/.+\?.*secret=/)
    // Named after the firm (src/config/site.ts), not the server's host, in the authenticator app.
    expect(factor!.totp.uri).toContain('issuer=Cauce%20Data')
    expect(factor!.totp.uri).toMatch(/^otpauth:\/\/totp\/Cauce%20Data:/)
    expect(factor!.totp.secret).toMatch(/^[A-Z2-7]{32}$/)
    expect(factor!.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>\s*$/)

    const before = await user.client.auth.mfa.listFactors()
    expect(before.data?.all).toHaveLength(1)
    expect(before.data?.totp).toEqual([]) // only verified factors count

    // Whole seconds on both sides: the clock may cross a second while the challenge is made.
    const askedAt = Math.floor(runtimeOf(server).clock.now() / 1000)
    const { data: challenge } = await user.client.auth.mfa.challenge({ factorId: factor!.id })
    const answeredAt = Math.floor(runtimeOf(server).clock.now() / 1000)
    expect(challenge!.expires_at).toBeGreaterThanOrEqual(askedAt + 300)
    expect(challenge!.expires_at).toBeLessThanOrEqual(answeredAt + 300)
    const { data: session, error: verifyError } = await user.client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: challenge!.id,
      code: codeFor(factor!.totp.secret),
    })
    expect(verifyError).toBeNull()
    const claims = claimsOf(session!.access_token)
    expect(claims.aal).toBe('aal2')
    expect(claims.amr.map((entry) => entry.method)).toEqual(['totp', 'password'])
    expect(claims.session_id).toBe(claimsOf(user.accessToken).session_id)

    const level = await user.client.auth.mfa.getAuthenticatorAssuranceLevel()
    expect(level.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' })
    const after = await user.client.auth.mfa.listFactors()
    expect(after.data?.totp.map((f) => f.status)).toEqual(['verified'])
    // The refresh token from before the verify was rotated but is still the parent of the active one.
    expect((await refreshWith(server, user.refreshToken)).status).toBe(200)
  })

  it('refuses wrong, replayed and expired codes', async () => {
    const user = await signUp(server)
    const { data: factor } = await user.client.auth.mfa.enroll({ factorType: 'totp' })
    const secret = factor!.totp.secret
    const challengeId = (await user.client.auth.mfa.challenge({ factorId: factor!.id })).data!.id

    const wrong = await user.client.auth.mfa.verify({ factorId: factor!.id, challengeId, code: '000000' })
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    })

    const code = codeFor(secret)
    expect((await user.client.auth.mfa.verify({ factorId: factor!.id, challengeId, code })).error).toBeNull()
    const used = await user.client.auth.mfa.verify({ factorId: factor!.id, challengeId, code })
    expect(used.error?.code).toBe('mfa_ip_address_mismatch') // the challenge is spent
    const fresh = (await user.client.auth.mfa.challenge({ factorId: factor!.id })).data!.id
    const replay = await user.client.auth.mfa.verify({ factorId: factor!.id, challengeId: fresh, code })
    expect(replay.error?.code).toBe('mfa_verification_failed')
    // Said apart from a wrong code, so the person is told to wait for the next one.
    expect(replay.error?.message).toBe('TOTP code already used: wait for the next code and enter it')

    const late = (await user.client.auth.mfa.challenge({ factorId: factor!.id })).data!.id
    runtimeOf(server).clock.advance(301_000)
    const expired = await user.client.auth.mfa.verify({
      factorId: factor!.id,
      challengeId: late,
      code: codeFor(secret),
    })
    expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' })

    const unknown = await authRequest(server, '/factors/00000000-0000-4000-8000-000000000000/challenge', {
      method: 'POST',
      token: (await user.client.auth.getSession()).data.session!.access_token,
      json: {},
    })
    expect(await failureOf(unknown)).toMatchObject({
      status: 404,
      body: { code: 'mfa_factor_not_found', message: 'Factor not found' },
    })
  })

  it('ends the other aal1 sessions when the first factor is verified', async () => {
    const user = await signUp(server)
    const other = await signIn(server, user.email)
    await enrolVerified(user.client)
    expect((await failureOf(await refreshWith(server, other.session.refresh_token))).body.code).toBe(
      'refresh_token_not_found',
    )
  })

  it('holds an aal1 session of an MFA user to the AAL rules until it passes the challenge', async () => {
    const user = await signUp(server)
    const { factorId, secret } = await enrolVerified(user.client)
    const { client } = await signIn(server, user.email)
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data).toMatchObject({
      currentLevel: 'aal1',
      nextLevel: 'aal2',
    })

    const change = await client.auth.updateUser({ password: 'a-new-password-1' })
    expect(change.error).toMatchObject({
      status: 401,
      code: 'insufficient_aal',
      message: 'AAL2 session is required to update email or password when MFA is enabled.',
    })
    const another = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Tablet' })
    expect(another.error).toMatchObject({
      status: 403,
      code: 'insufficient_aal',
      message: 'AAL2 required to enroll a new factor',
    })
    const remove = await client.auth.mfa.unenroll({ factorId })
    expect(remove.error).toMatchObject({
      status: 422,
      code: 'insufficient_aal',
      message: 'AAL2 required to unenroll verified factor',
    })

    const { error } = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) })
    expect(error).toBeNull()
    expect(
      (await client.auth.updateUser({ password: 'a-new-password-1', current_password: password })).error,
    ).toBeNull()
    const { data, error: unenrollError } = await client.auth.mfa.unenroll({ factorId })
    expect(unenrollError).toBeNull()
    expect(data).toEqual({ id: factorId })
    const { data: refreshed } = await client.auth.refreshSession()
    expect(claimsOf(refreshed.session!.access_token).aal).toBe('aal1')
    expect((await client.auth.mfa.listFactors()).data?.all).toEqual([])
  })

  it('keeps the last verified factor of a staff account; a client may remove theirs', async () => {
    const staff = await signUp(server)
    await server.deps.db.query("update public.profiles set role = 'admin' where id = $1", [staff.id])
    const first = await enrolVerified(staff.client)
    const last = await staff.client.auth.mfa.unenroll({ factorId: first.factorId })
    expect(last.error).toMatchObject({ status: 422, code: 'staff_factor_required' })
    expect((await staff.client.auth.mfa.listFactors()).data?.totp).toHaveLength(1)

    // With a second (backup) factor, either may go, but never both.
    const { data: backup } = await staff.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Backup' })
    const verified = await staff.client.auth.mfa.challengeAndVerify({
      factorId: backup!.id,
      code: codeFor(backup!.totp.secret),
    })
    expect(verified.error).toBeNull()
    expect((await staff.client.auth.mfa.unenroll({ factorId: first.factorId })).error).toBeNull()
    const again = await staff.client.auth.mfa.unenroll({ factorId: backup!.id })
    expect(again.error?.code).toBe('staff_factor_required')

    const client = await signUp(server)
    const own = await enrolVerified(client.client)
    expect((await client.client.auth.mfa.unenroll({ factorId: own.factorId })).error).toBeNull()
  })

  it("lets the service role reset a user's second factor", async () => {
    const user = await signUp(server)
    const { factorId } = await enrolVerified(user.client)
    const admin = server.serviceClient().auth.admin.mfa
    const listed = await admin.listFactors({ userId: user.id })
    expect(listed.data?.factors.map((factor) => [factor.id, factor.status])).toEqual([[factorId, 'verified']])
    expect((await admin.deleteFactor({ userId: user.id, id: factorId })).error).toBeNull()
    expect((await admin.listFactors({ userId: user.id })).data?.factors).toEqual([])
    const { client } = await signIn(server, user.email)
    expect((await client.auth.mfa.getAuthenticatorAssuranceLevel()).data?.nextLevel).toBe('aal1')
  })

  it('keeps friendly names unique per user', async () => {
    const user = await signUp(server)
    expect((await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })).error).toBeNull()
    const clash = await user.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' })
    expect(clash.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' })
  })
})
