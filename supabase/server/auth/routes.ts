// The auth API's endpoints (GoTrue-compatible, under /auth/v1) with the guard of each one. Every
// response carries X-Supabase-Api-Version; every failure is rendered by the error catalog.
import { Hono } from 'hono'
import type { ServerDeps } from '../deps'
import { deleteUser, deleteUserFactor, getUserById, listUserFactors, listUsers } from './admin'
import { createUser, updateUserById } from './admin-write'
import type { AuthContext, AuthEnv } from './context'
import { manualLinkingDisabled, oauthDisabled, samlDisabled } from './disabled-methods'
import { API_VERSION, errorResponse, errors } from './errors'
import { rateLimit, requireAdmin, requireUser } from './guards'
import { generateLink } from './generate-link'
import { invite } from './invite'
import * as mfa from './mfa'
import { verify as verifyFactor } from './mfa-verify'
import { otp } from './otp'
import { recover } from './recovery'
import { reauthenticate } from './reauthenticate'
import { authRuntime } from './runtime'
import { resend, signup } from './signup'
import { token } from './token'
import { getUser, logout, updateUser } from './user'
import { refusePreview } from './view-as'
import { verifyGet, verifyPost } from './verify'

export function authRoutes(deps: ServerDeps) {
  const ctx: AuthContext = { deps, runtime: authRuntime(deps) }
  const user = requireUser(ctx)
  const admin = requireAdmin(ctx)
  const app = new Hono<AuthEnv>()

  app.use('*', async (c, next) => {
    await next()
    c.header('X-Supabase-Api-Version', API_VERSION)
  })
  app.onError((error, c) => errorResponse(c, error))

  app.get('/health', (c) =>
    c.json({ version: 'cauce-auth', name: 'GoTrue', description: 'Cauce Data auth API (GoTrue-compatible)' }),
  )
  // The public halves of the signing keys, for getClaims() and any verifier (cacheable: a
  // rotation keeps the old key listed until its tokens have expired).
  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600')
    return c.json(ctx.deps.keys.jwks())
  })
  app.get('/settings', (c) =>
    c.json({
      external: { email: true, phone: false, anonymous_users: false },
      disable_signup: false,
      mailer_autoconfirm: ctx.deps.env.AUTH_AUTOCONFIRM,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  )

  // Public: rate-limited per IP. /token limits the password grant only (see token.ts).
  app.post('/signup', rateLimit(ctx, 'signUp', errors.requestRateLimit), signup(ctx))
  app.post('/token', token(ctx))
  app.post('/recover', rateLimit(ctx, 'recover', errors.emailRateLimit), recover(ctx))
  // Mails, like /recover: counted in the same per-IP mail budget.
  app.post('/resend', rateLimit(ctx, 'recover', errors.emailRateLimit), resend(ctx))
  app.post('/otp', rateLimit(ctx, 'recover', errors.emailRateLimit), otp(ctx))
  app.get('/verify', rateLimit(ctx, 'verify', errors.requestRateLimit), verifyGet(ctx))
  app.post('/verify', rateLimit(ctx, 'verify', errors.requestRateLimit), verifyPost(ctx))
  // OAuth providers and SAML SSO are off, as on a project that has not enabled them.
  app.get('/authorize', oauthDisabled())
  app.all('/sso', samlDisabled())
  app.all('/sso/*', samlDisabled())

  // A signed-in user (access token whose user and session still exist). A staff member's preview
  // of a client's portal (0022) may read /user and nothing else.
  const writer = [user, refusePreview()] as const
  app.get('/user', user, getUser(ctx))
  app.put('/user', ...writer, updateUser(ctx))
  app.post('/logout', ...writer, logout(ctx))
  app.get('/reauthenticate', ...writer, reauthenticate(ctx))
  // Manual identity linking is off (Supabase's default): linkIdentity, unlinkIdentity.
  app.all('/user/identities/*', user, manualLinkingDisabled())
  app.post('/factors', ...writer, mfa.enroll(ctx))
  app.post('/factors/:id/challenge', ...writer, mfa.challenge(ctx))
  // Counted like /verify: six digits must not be guessable by trying them all.
  app.post('/factors/:id/verify', ...writer, rateLimit(ctx, 'verify', errors.requestRateLimit), verifyFactor(ctx))
  app.delete('/factors/:id', ...writer, mfa.unenroll(ctx))

  // The service role.
  app.post('/invite', admin, invite(ctx))
  app.post('/admin/generate_link', admin, generateLink(ctx))
  app.get('/admin/users', admin, listUsers(ctx))
  app.post('/admin/users', admin, createUser(ctx))
  app.get('/admin/users/:id', admin, getUserById(ctx))
  app.put('/admin/users/:id', admin, updateUserById(ctx))
  app.delete('/admin/users/:id', admin, deleteUser(ctx))
  app.get('/admin/users/:id/factors', admin, listUserFactors(ctx))
  app.delete('/admin/users/:id/factors/:factorId', admin, deleteUserFactor(ctx))

  app.all('*', () => {
    throw errors.notFound()
  })
  return app
}
