// The Password Verification Attempt hook over HTTP, as Supabase Auth calls an HTTP hook: the event
// POSTed as JSON and signed as Standard Webhooks with the hook's secret; its `reject` refuses the
// sign-in with its message; a hook that fails or does not answer in time fails the attempt.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { readEnv } from '../../../supabase/server/env'
import { demoPassword } from '../../../supabase/server/welcome'
import { users } from '../rls/seed-ids'
import { describeOnOneDatabase, startTestServer, type TestServer } from '../support/server'

const secret = `v1,whsec_${Buffer.from('a hook secret of thirty-two bytes!').toString('base64')}`

interface Call {
  verified: boolean
  event: { metadata?: { name?: string }; user_id?: string; valid?: boolean }
}

describeOnOneDatabase('the password verification hook over HTTP on %s', (kind) => {
  let server: TestServer
  let hook: Server
  const calls: Call[] = []
  /** What the hook does next: answer, refuse to answer in time, or fail. */
  let behaviour: 'continue' | 'reject' | 'slow' | 'fail' = 'continue'

  beforeAll(async () => {
    const verifier = new Webhook(secret.slice('v1,'.length))
    hook = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk: Buffer) => (body += chunk.toString()))
      request.on('end', () => {
        let verified = true
        try {
          verifier.verify(body, request.headers as Record<string, string>)
        } catch {
          verified = false
        }
        calls.push({ verified, event: JSON.parse(body) as Call['event'] })
        if (behaviour === 'slow') return void setTimeout(() => response.end('{}'), 3000)
        if (behaviour === 'fail') return void response.writeHead(500).end('oops')
        response.writeHead(200, { 'content-type': 'application/json' })
        response.end(
          JSON.stringify(
            behaviour === 'reject' ? { decision: 'reject', message: 'Refused by the hook.' } : { decision: 'continue' },
          ),
        )
      })
    })
    await new Promise<void>((resolve) => hook.listen(0, '127.0.0.1', resolve))
    const { port } = hook.address() as AddressInfo
    server = await startTestServer(kind, {
      AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: `http://127.0.0.1:${port}/password-hook`,
      AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_SECRETS: secret,
      AUTH_HOOK_HTTP_TIMEOUT_MS: '1000',
    })
  })
  afterAll(async () => {
    await server?.close()
    hook?.closeAllConnections()
    await new Promise((resolve) => hook?.close(resolve))
  })

  const signIn = (password: string) =>
    server.client().auth.signInWithPassword({ email: 'lucia.martin@example.com', password })

  it('needs the hook’s secret with an HTTP URI', () => {
    expect(() =>
      readEnv({ AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_URI: 'https://hooks.example.com/password' }),
    ).toThrow(/AUTH_HOOK_PASSWORD_VERIFICATION_ATTEMPT_SECRETS: is required/)
    expect(() => readEnv({ AUTH_HOOK_MFA_VERIFICATION_ATTEMPT_URI: 'ftp://hooks.example.com' })).toThrow(
      /expected pg-functions/,
    )
  })

  it('is called, signed, with the attempt, and a "continue" lets the sign-in through', async () => {
    behaviour = 'continue'
    calls.length = 0
    const wrong = await signIn('not the password')
    expect(wrong.error).toMatchObject({ status: 400, code: 'invalid_credentials' })
    const right = await signIn(demoPassword)
    expect(right.error).toBeNull()
    expect(
      calls.map((call) => [call.verified, call.event.valid, call.event.user_id, call.event.metadata?.name]),
    ).toEqual([
      [true, false, users.lucia, 'password-verification'],
      [true, true, users.lucia, 'password-verification'],
    ])
  })

  it('refuses the sign-in with the hook’s message when it rejects, even with the right password', async () => {
    behaviour = 'reject'
    const refused = await signIn(demoPassword)
    expect(refused.error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Refused by the hook.' })
    expect(refused.data.session).toBeNull()
  })

  it('fails the attempt, with no session, when the hook fails or does not answer in time', async () => {
    for (const failing of ['fail', 'slow'] as const) {
      behaviour = failing
      const attempt = await server.request('/auth/v1/token?grant_type=password', {
        method: 'POST',
        headers: { apikey: server.anonKey, 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'lucia.martin@example.com', password: demoPassword }),
      })
      expect(attempt.status, failing).toBe(500)
      const answer = (await attempt.json()) as { message?: string; access_token?: string }
      expect(answer.message).toMatch(/^Error running hook URI: http/)
      expect(answer.access_token).toBeUndefined()
    }
  })
})
