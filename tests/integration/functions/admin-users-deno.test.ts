// The admin-users Edge Function running on Deno, as Supabase runs it: `deno run` of
// supabase/functions/admin-users/index.ts with the environment Supabase sets (SUPABASE_URL and the
// keys, pointing at our server on a loopback port), and our server forwarding /functions/v1/<name>
// to it (FUNCTIONS_URL). Called through supabase-js's functions.invoke: the main allowed and
// refused cases of admin-users.test.ts, and a clear 502 once the function is gone.
import { beforeAll, expect, it } from 'vitest'
import { describeOnOneDatabase, useDemoPasswordClients } from '../support/server'
import type { DenoFunction } from '../../../scripts/lib/deno-serve'
import { callAdminUsers as call, useServerForDeno } from './support'
import { relaxLimits, uniqueEmail } from '../auth/support/helpers'
import { organizations, users } from '../rls/seed-ids'

describeOnOneDatabase('admin-users on Deno, on %s', (kind) => {
  // The invitation e-mail leaves as on Supabase: Auth calls its Send Email hook, the
  // send-auth-email function, here on Deno too.
  const hookSecret = `v1,whsec_${Buffer.from('a hook secret of thirty-two bytes!').toString('base64')}`
  const functions = useServerForDeno(
    kind,
    (routerUrl) => ({
      AUTH_HOOK_SEND_EMAIL_URI: `${routerUrl}/send-auth-email`,
      AUTH_HOOK_SEND_EMAIL_SECRETS: hookSecret,
    }),
    relaxLimits,
  )
  const { server } = functions
  let deno: DenoFunction | undefined
  beforeAll(async () => {
    deno = await functions.serve('admin-users')
    await functions.serve('send-auth-email', {
      SEND_EMAIL_HOOK_SECRETS: hookSecret,
      SITE_URL: functions.url,
      SMTP_URL: server.deps.functionSettings.SMTP_URL!,
    })
  })
  const people = useDemoPasswordClients(server, 'admin', 'superAdmin', 'lucia')
  const { admin: asAdmin, superAdmin: asSuperAdmin, lucia: asClient } = people

  async function profileOf(email: string) {
    const { rows } = await server.deps.db.query<{ role: string; organization_id: string | null; locale: string }>(
      'select role, organization_id, locale from public.profiles where lower(email) = lower($1)',
      [email],
    )
    return rows[0]
  }

  it('lets a super_admin invite a staff member: the account, its role and the e-mail', async () => {
    const email = uniqueEmail('denostaff')
    const answer = await call(asSuperAdmin, {
      action: 'invite',
      email,
      full_name: 'Deno Analyst',
      locale: 'en',
      role: 'admin',
    })
    expect(answer, deno!.output()).toMatchObject({ status: 200, body: { data: { status: 'invited', email } } })
    expect(await profileOf(email)).toMatchObject({ role: 'admin', organization_id: null, locale: 'en' })
    const mail = await server.deps.catcher!.waitFor(email)
    expect(mail.html).toContain('<html lang="en">')
    // Written by send-auth-email on Deno: greeted by name, with Auth's own link for an invitation.
    expect(mail.text).toContain('Deno Analyst')
    expect(mail.text).toMatch(/\/auth\/v1\/verify\?token=[^&\s]+&type=invite&redirect_to=/)
  })

  it('lets an admin invite a client user of an organization, but not a staff member', async () => {
    const email = uniqueEmail('denoclient')
    const client = await call(asAdmin, {
      action: 'invite',
      email,
      full_name: 'Cliente Deno',
      locale: 'es',
      organization_id: organizations.ribera,
    })
    expect(client).toMatchObject({ status: 200, body: { data: { status: 'invited' } } })
    expect(await profileOf(email)).toMatchObject({ role: 'client', organization_id: organizations.ribera })

    const staffEmail = uniqueEmail('denowannabe')
    const staff = await call(asAdmin, {
      action: 'invite',
      email: staffEmail,
      full_name: 'Would-be Admin',
      locale: 'es',
      role: 'admin',
    })
    expect(staff).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await profileOf(staffEmail)).toBeUndefined()
  })

  it('refuses a client (403) and an anonymous caller (401), creating nothing', async () => {
    const email = uniqueEmail('denorefused')
    const invite = {
      action: 'invite',
      email,
      full_name: 'Colleague',
      locale: 'es',
      organization_id: organizations.ribera,
    }
    expect(await call(asClient, invite)).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
    expect(await call(server.client(), invite)).toMatchObject({
      status: 401,
      body: { error: { code: 'not_authenticated' } },
    })
    expect(await profileOf(email)).toBeUndefined()
  })

  it("answers bad input 400 with the shared rule's key (the staff form's rules, run on Deno)", async () => {
    const answer = await call(asAdmin, {
      action: 'invite',
      email: 'not-an-address',
      full_name: 'Someone',
      locale: 'es',
      organization_id: organizations.ribera,
    })
    expect(answer).toMatchObject({
      status: 400,
      body: { error: { code: 'validation_failed', field: 'email', rule: 'emailFormat' } },
    })
  })

  it('answers 404 for a function the project does not have, without asking Deno', async () => {
    const response = await server.request('/functions/v1/no-such-function', { method: 'POST', body: '{}' })
    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ error: { code: 'not_found' } })
  })

  it('answers 502 once the functions no longer run (the calls above went to Deno)', async () => {
    await deno!.stop()
    // Nothing listens at FUNCTIONS_URL any more, as when the edge runtime is down.
    await functions.router.close()
    const answer = await call(asAdmin, { action: 'deactivate', user_id: users.james })
    expect(answer).toMatchObject({ status: 502, body: { error: { code: 'function_unreachable' } } })
  })
})
