// The admin-users Edge Function (supabase/functions/admin-users/handler.ts, in our server's
// process; admin-users-deno.test.ts runs it on Deno) through supabase-js's functions.invoke, as the
// admin pages call it: who may invite, resend, deactivate and reactivate whom (anon, client,
// admin, super_admin), bad input answered 4xx without changing anything, the invitation in the
// invitee's language, and deactivated accounts kept out until reactivated.
import { checkInvitation, type InvitationInput } from '../../../src/features/organizations/rules'
import { describe, expect, it } from 'vitest'
import { describeOnOneDatabase, useDemoPasswordClients } from '../support/server'
import { followLink, linkIn, password, signIn, totpCode, uniqueEmail, useAuthServer } from '../auth/support/helpers'
import { organizations, users } from '../rls/seed-ids'
import { callAdminUsers as call } from './support'

describeOnOneDatabase('admin-users function on %s', (kind) => {
  const server = useAuthServer(kind)
  const {
    admin: asAdmin,
    superAdmin: asSuperAdmin,
    lucia: asClient,
  } = useDemoPasswordClients(server, 'admin', 'superAdmin', 'lucia')

  /** A client signed in with `secret`. */
  const signedIn = async (email: string, secret: string) => (await signIn(server, email, secret)).client

  async function countUsers(email: string): Promise<number> {
    const { rows } = await server.deps.db.query<{ n: number }>(
      'select count(*)::int as n from auth.users where lower(email) = lower($1)',
      [email],
    )
    return rows[0]!.n
  }

  async function profileOf(id: string) {
    const { rows } = await server.deps.db.query<{
      role: string
      organization_id: string | null
      locale: string
      is_active: boolean
      full_name: string
    }>('select role, organization_id, locale, is_active, full_name from public.profiles where id = $1', [id])
    return rows[0]
  }

  /** A confirmed client of Almacenes Ribera with a password, for the (de)activation cases. */
  async function confirmedClient(): Promise<{ id: string; email: string }> {
    const email = uniqueEmail('client')
    const { data, error } = await server
      .serviceClient()
      .auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { locale: 'es' } })
    if (error || !data.user) throw new Error(error?.message)
    await server.deps.db.query('update public.profiles set organization_id = $2 where id = $1', [
      data.user.id,
      organizations.ribera,
    ])
    return { id: data.user.id, email }
  }

  /** A confirmed admin with a password. */
  async function confirmedAdmin(): Promise<{ id: string; email: string }> {
    const email = uniqueEmail('staff')
    const { data, error } = await server.serviceClient().auth.admin.createUser({ email, password, email_confirm: true })
    if (error || !data.user) throw new Error(error?.message)
    await server.deps.db.query("update public.profiles set role = 'admin' where id = $1", [data.user.id])
    return { id: data.user.id, email }
  }

  describe('who may call it', () => {
    it.each([
      {
        who: 'anonymous callers',
        caller: () => server.client(),
        emailTag: 'anon',
        name: 'Nobody',
        staffRole: 'admin',
        answer: { status: 401, body: { error: { code: 'not_authenticated' } } },
      },
      {
        who: 'a client',
        caller: () => asClient,
        emailTag: 'byclient',
        name: 'Colleague',
        staffRole: 'super_admin',
        answer: { status: 403, body: { error: { code: 'forbidden' } } },
      },
    ])('answers $who $answer.status for every action and changes nothing', async (refused) => {
      const caller = refused.caller()
      const email = uniqueEmail(refused.emailTag)
      const cases = [
        { action: 'invite', email, full_name: refused.name, locale: 'es', organization_id: organizations.ribera },
        { action: 'invite', email, full_name: refused.name, locale: 'es', role: refused.staffRole },
        { action: 'resend', user_id: users.james },
        { action: 'deactivate', user_id: users.james },
        { action: 'reactivate', user_id: users.james },
      ]
      for (const body of cases) {
        const answer = await call(caller, body)
        expect(answer, body.action).toMatchObject(refused.answer)
      }
      expect(await countUsers(email)).toBe(0)
      expect(await profileOf(users.james)).toMatchObject({ is_active: true })
    })

    it('lets an admin manage clients but not staff', async () => {
      const staffEmail = uniqueEmail('wannabe')
      const staffInvite = await call(asAdmin, {
        action: 'invite',
        email: staffEmail,
        full_name: 'Would-be Admin',
        locale: 'es',
        role: 'admin',
      })
      expect(staffInvite).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
      expect(await countUsers(staffEmail)).toBe(0)

      for (const action of ['resend', 'deactivate', 'reactivate']) {
        const answer = await call(asAdmin, { action, user_id: users.superAdmin })
        expect(answer, action).toMatchObject({ status: 403, body: { error: { code: 'forbidden' } } })
      }
      expect(await profileOf(users.superAdmin)).toMatchObject({ is_active: true, role: 'super_admin' })

      const client = await confirmedClient()
      expect(await call(asAdmin, { action: 'deactivate', user_id: client.id })).toMatchObject({ status: 200 })
      expect(await call(asAdmin, { action: 'reactivate', user_id: client.id })).toMatchObject({ status: 200 })
      expect(await profileOf(client.id)).toMatchObject({ is_active: true })
    })

    it('lets a super_admin invite and manage staff, but never (de)activate themselves', async () => {
      const email = uniqueEmail('newstaff')
      const invited = await call(asSuperAdmin, {
        action: 'invite',
        email,
        full_name: 'New Analyst',
        locale: 'en',
        role: 'admin',
      })
      expect(invited).toMatchObject({ status: 200, body: { data: { status: 'invited' } } })
      const id = invited.body.data!.user_id as string
      expect(await profileOf(id)).toMatchObject({
        role: 'admin',
        organization_id: null,
        locale: 'en',
        full_name: 'New Analyst',
      })
      const first = await server.deps.catcher!.waitFor(email)
      expect(first.html).toContain('<html lang="en">')

      const resent = await call(asSuperAdmin, { action: 'resend', user_id: id })
      expect(resent).toMatchObject({ status: 200 })
      const second = await server.deps.catcher!.waitFor(email, (mail) => mail.id > first.id)
      expect(second.subject).toBe(first.subject)

      const staff = await confirmedAdmin()
      expect(await call(asSuperAdmin, { action: 'deactivate', user_id: staff.id })).toMatchObject({ status: 200 })
      expect(await profileOf(staff.id)).toMatchObject({ is_active: false })
      expect(await call(asSuperAdmin, { action: 'reactivate', user_id: staff.id })).toMatchObject({ status: 200 })
      expect(await profileOf(staff.id)).toMatchObject({ is_active: true })

      const self = await call(asSuperAdmin, { action: 'deactivate', user_id: users.superAdmin })
      expect(self).toMatchObject({ status: 409, body: { error: { code: 'self' } } })
      expect(await profileOf(users.superAdmin)).toMatchObject({ is_active: true })
    })
  })

  describe('inviting a client user', () => {
    it('sends the invitation in English to an English speaker; the link sets a password and signs in', async () => {
      const email = uniqueEmail('Invitee')
      const answer = await call(asAdmin, {
        action: 'invite',
        email: `  ${email.toUpperCase()} `,
        full_name: '  Ada Lovelace ',
        locale: 'en',
        organization_id: organizations.kuntur,
      })
      expect(answer).toMatchObject({ status: 200, body: { data: { status: 'invited', email: email.toLowerCase() } } })
      const id = answer.body.data!.user_id as string
      expect(await profileOf(id)).toMatchObject({
        role: 'client',
        organization_id: organizations.kuntur,
        locale: 'en',
        full_name: 'Ada Lovelace',
        is_active: true,
      })

      const mail = await server.deps.catcher!.waitFor(email)
      expect(mail.subject).toBe('Welcome to the Cauce Data client portal')
      expect(mail.html).toContain('<html lang="en">')
      // greeted by the name staff typed, told who at the firm invited them (the admin, Marta Gil)
      expect(mail.text).toMatch(/^Hello Ada Lovelace,\n/)
      expect(mail.text).toContain(`Marta Gil at Cauce Data has invited ${email.toLowerCase()} to the client portal`)
      expect(mail.html).toContain('Hello Ada Lovelace,')
      const { client: invitee } = await followLink(server, linkIn(mail.text), '/en/reset-password', 'invite')
      expect((await invitee.auth.updateUser({ password: 'chosen-password-1' })).error).toBeNull()
      const portal = await signedIn(email, 'chosen-password-1')
      const { data: projects } = await portal.from('projects').select('organization_id')
      expect(projects!.length).toBeGreaterThan(0)
      expect(new Set(projects!.map((p) => p.organization_id))).toEqual(new Set([organizations.kuntur]))

      // Their contact at the firm is who invited them (the portal's welcome names them), which
      // they may read but not change; a client nobody invited has none.
      const { rows } = await server.deps.db.query<{ email: string }>(
        'select email from public.profiles where id = $1',
        [users.admin],
      )
      const contact = await portal.rpc('my_firm_contact')
      expect(contact.error).toBeNull()
      expect(contact.data).toEqual([{ full_name: 'Marta Gil', email: rows[0]!.email }])
      const change = await portal.from('profiles').update({ invited_by: users.superAdmin }).eq('id', id).select('id')
      expect(change.error?.code).toBe('42501')
      expect(
        (
          await server.deps.db.query('select 1 from public.profiles where id = $1 and invited_by = $2', [
            id,
            users.admin,
          ])
        ).rows,
      ).toHaveLength(1)
      expect((await asClient.rpc('my_firm_contact')).data).toEqual([])
      expect((await server.client().rpc('my_firm_contact')).status).toBe(401)

      // Accepted: nothing to resend.
      const resend = await call(asAdmin, { action: 'resend', user_id: id })
      expect(resend).toMatchObject({ status: 409, body: { error: { code: 'already_accepted' } } })
      // Choosing the first password is not a change of password: no security notice.
      expect(server.deps.catcher!.messages().filter((next) => next.to.includes(email.toLowerCase()))).toHaveLength(1)
    })

    it('sends a Spanish invitation to a Spanish speaker, and resends it while it is not accepted', async () => {
      const email = uniqueEmail('invitada')
      const answer = await call(asAdmin, {
        action: 'invite',
        email,
        full_name: 'Lucía Pérez',
        locale: 'es',
        organization_id: organizations.ribera,
      })
      expect(answer.status).toBe(200)
      const first = await server.deps.catcher!.waitFor(email)
      expect(first.subject).toBe('Le damos la bienvenida al portal de clientes de Cauce Data')
      expect(first.html).toContain('<html lang="es">')
      expect(first.text).toMatch(/^Hola, Lucía Pérez:\n/)
      expect(first.text).toContain(
        `Marta Gil, de Cauce Data, le ha invitado al portal de clientes con la dirección ${email}`,
      )

      const id = answer.body.data!.user_id as string
      expect(await call(asAdmin, { action: 'resend', user_id: id })).toMatchObject({ status: 200 })
      const second = await server.deps.catcher!.waitFor(email, (mail) => mail.id > first.id)
      expect(second.subject).toBe('Le damos la bienvenida al portal de clientes de Cauce Data')
      expect(linkIn(second.text)).toContain(encodeURIComponent('/es/reset-password'))

      // The profile's language decides the resent e-mail and where its link lands.
      await server.deps.db.query("update public.profiles set locale = 'en' where id = $1", [id])
      expect(await call(asAdmin, { action: 'resend', user_id: id })).toMatchObject({ status: 200 })
      const third = await server.deps.catcher!.waitFor(email, (mail) => mail.id > second.id)
      expect(third.subject).toBe('Welcome to the Cauce Data client portal')
      expect(third.text).toMatch(/^Hello Lucía Pérez,\n/)

      // Resent by another staff member: the e-mail names them.
      expect(await call(asSuperAdmin, { action: 'resend', user_id: id })).toMatchObject({ status: 200 })
      const fourth = await server.deps.catcher!.waitFor(email, (mail) => mail.id > third.id)
      expect(fourth.text).toContain(`Andrés Vidal at Cauce Data has invited ${email}`)
      const response = await server.request(linkIn(third.text), { redirect: 'manual' })
      expect(response.headers.get('location')!.startsWith(`${server.url}/en/reset-password#`)).toBe(true)
    })

    it('puts the typed name into the invitation as text, never as markup', async () => {
      const email = uniqueEmail('markup')
      const answer = await call(asAdmin, {
        action: 'invite',
        email,
        full_name: '<b>Eve</b> & "Co"',
        locale: 'en',
        organization_id: organizations.kuntur,
      })
      expect(answer.status).toBe(200)
      const mail = await server.deps.catcher!.waitFor(email)
      expect(mail.text).toMatch(/^Hello <b>Eve<\/b> & "Co",\n/)
      expect(mail.html).toContain('Hello &#60;b&#62;Eve&#60;/b&#62; &#38; &#34;Co&#34;,')
      expect(mail.html).not.toContain('<b>Eve')
    })

    it('refuses to move a client of another organization, a member again or a staff address', async () => {
      const invite = (email: string, organization: string) =>
        call(asAdmin, { action: 'invite', email, full_name: 'Again', locale: 'en', organization_id: organization })
      expect(await invite('James.Whitaker@example.com', organizations.kuntur)).toMatchObject({
        status: 409,
        body: { error: { code: 'other_organization' } },
      })
      expect(await profileOf(users.james)).toMatchObject({ organization_id: organizations.ribera })
      expect(await invite('james.whitaker@example.com', organizations.ribera)).toMatchObject({
        status: 409,
        body: { error: { code: 'already_member' } },
      })
      expect(await invite('admin@caucedata.com', organizations.ribera)).toMatchObject({
        status: 409,
        body: { error: { code: 'email_exists', field: 'email' } },
      })
    })

    it('attaches an account in use without an organization and tells the person, in their language', async () => {
      const email = uniqueEmail('selfmade')
      const created = await server
        .serviceClient()
        .auth.admin.createUser({ email, password, email_confirm: true, user_metadata: { locale: 'en' } })
      const id = created.data.user!.id
      await server.deps.db.query("update public.profiles set locale = 'en' where id = $1", [id])
      const answer = await call(asAdmin, {
        action: 'invite',
        email: email.toUpperCase(),
        full_name: 'Self Made',
        locale: 'es',
        organization_id: organizations.kuntur,
      })
      expect(answer).toMatchObject({ status: 200, body: { data: { user_id: id, status: 'attached' } } })
      expect(await profileOf(id)).toMatchObject({ organization_id: organizations.kuntur, locale: 'en' })
      const { rows } = await server.deps.db.query<{ kind: string; title: string }>(
        'select kind, title from public.notifications where recipient_id = $1',
        [id],
      )
      expect(rows).toEqual([
        { kind: 'organization_access', title: 'You now have access to Kuntur Pay in the client portal' },
      ])
      await server.notificationMails.flush()
      const mail = await server.deps.catcher!.waitFor(email)
      expect(mail.subject).toBe('You now have access to Kuntur Pay in the client portal')
      expect(mail.html).toContain('<html lang="en">')
      // The password is theirs as before; the portal now shows the organization's data.
      const client = await signedIn(email, password)
      const projects = await client.from('projects').select('organization_id')
      expect(projects.error).toBeNull()
      expect(projects.data!.length).toBeGreaterThan(0)
      expect(new Set(projects.data!.map((row) => row.organization_id))).toEqual(new Set([organizations.kuntur]))
    })

    it('invites an address someone signed up with but never confirmed, whose sign-up password then stops working', async () => {
      const email = uniqueEmail('squatted')
      const squatter = await server.serviceClient().auth.admin.createUser({ email, password: 'squatters-pass-77' })
      const id = squatter.data.user!.id
      const answer = await call(asAdmin, {
        action: 'invite',
        email,
        full_name: 'Real Person',
        locale: 'es',
        organization_id: organizations.ribera,
      })
      expect(answer).toMatchObject({ status: 200, body: { data: { user_id: id, status: 'invited' } } })
      const mail = await server.deps.catcher!.waitFor(email)
      expect(mail.subject).toBe('Le damos la bienvenida al portal de clientes de Cauce Data')
      await server.request(linkIn(mail.text), { redirect: 'manual' })
      const { error } = await server.client().auth.signInWithPassword({ email, password: 'squatters-pass-77' })
      expect(error?.code).toBe('invalid_credentials')
      expect(await profileOf(id)).toMatchObject({ organization_id: organizations.ribera, full_name: 'Real Person' })
    })

    it("refuses exactly what the staff form's invitation rules refuse, naming the same field and rule", async () => {
      const cases: Partial<InvitationInput>[] = [
        {},
        { email: '' },
        { email: '  ANA.Lopez@Example.com  ' },
        { email: 'ana@localhost' },
        { email: 'ana@@example.com' },
        { email: 'ana lopez@example.com' },
        { email: `${'a'.repeat(64)}@example.com` },
        { email: `${'a'.repeat(65)}@example.com` },
        // 255 characters: one over (a valid 254 is not sent here: the local mail catcher refuses it)
        { email: `${'a'.repeat(61)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}.com` },
        { fullName: '   ' },
        { fullName: 'x'.repeat(200) },
        { fullName: 'x'.repeat(201) },
        { locale: 'fr' },
        { locale: 'en' },
      ]
      for (const input of cases) {
        const values = { email: uniqueEmail('rules'), fullName: 'Rule Case', locale: 'es', role: '', ...input }
        const form = checkInvitation(values, false).problems
        const formFields: Record<string, string> = { email: 'email', fullName: 'full_name', locale: 'locale' }
        const answer = await call(asAdmin, {
          action: 'invite',
          email: values.email,
          full_name: values.fullName,
          locale: values.locale,
          organization_id: organizations.ribera,
        })
        const label = JSON.stringify(input)
        if (form.length === 0) {
          expect(answer.status, `${label} ${JSON.stringify(answer.body)}`).toBe(200)
          continue
        }
        expect(answer.status, label).toBe(400)
        expect(answer.body.error, label).toMatchObject({
          code: 'validation_failed',
          field: formFields[form[0]!.field],
          rule: form[0]!.rule,
        })
      }
    })

    it('answers bad input 4xx with the field, and creates nothing', async () => {
      const email = uniqueEmail('bad')
      const valid = {
        action: 'invite',
        email,
        full_name: 'Valid Name',
        locale: 'es',
        organization_id: organizations.ribera,
      }
      const cases: [Record<string, unknown>, number, string, string | undefined][] = [
        [{ ...valid, email: '' }, 400, 'validation_failed', 'email'],
        [{ ...valid, email: 'not-an-address' }, 400, 'validation_failed', 'email'],
        [{ ...valid, email: `${'a'.repeat(250)}@example.com` }, 400, 'validation_failed', 'email'],
        [{ ...valid, email: 42 }, 400, 'validation_failed', 'email'],
        [{ ...valid, full_name: '   ' }, 400, 'validation_failed', 'full_name'],
        [{ ...valid, full_name: 'x'.repeat(201) }, 400, 'validation_failed', 'full_name'],
        [{ ...valid, locale: 'fr' }, 400, 'validation_failed', 'locale'],
        [{ ...valid, organization_id: 'ribera' }, 400, 'validation_failed', 'organization_id'],
        [{ ...valid, organization_id: 7 }, 400, 'validation_failed', 'organization_id'],
        [{ ...valid, organization_id: undefined }, 400, 'validation_failed', 'organization_id'],
        [{ ...valid, role: 'client' }, 400, 'validation_failed', 'role'],
        [{ ...valid, organization_id: undefined, role: 'admin' }, 403, 'forbidden', undefined],
        [
          { ...valid, organization_id: '0c000000-0000-4000-8000-000000000001' },
          404,
          'organization_not_found',
          'organization_id',
        ],
        [{ ...valid, action: 'promote' }, 400, 'validation_failed', 'action'],
        [{ action: 'deactivate', user_id: 'someone' }, 400, 'validation_failed', 'user_id'],
        [{ action: 'deactivate', user_id: '0c000000-0000-4000-8000-000000000001' }, 404, 'user_not_found', undefined],
      ]
      for (const [body, status, code, field] of cases) {
        const answer = await call(asAdmin, body)
        expect(answer.status, JSON.stringify(body)).toBe(status)
        expect(answer.body.error, JSON.stringify(body)).toMatchObject({ code, ...(field ? { field } : {}) })
        expect(answer.body.error!.message.length).toBeGreaterThan(0)
      }
      const both = await call(asSuperAdmin, { ...valid, role: 'admin' })
      expect(both).toMatchObject({ status: 400, body: { error: { code: 'validation_failed' } } })
      expect(await countUsers(email)).toBe(0)
    })

    it('answers malformed requests 4xx, never 500', async () => {
      const token = (await asAdmin.auth.getSession()).data.session!.access_token
      const raw = (init: RequestInit) =>
        server.request('/functions/v1/admin-users', {
          ...init,
          headers: { apikey: server.anonKey, authorization: `Bearer ${token}`, ...(init.headers ?? {}) },
        })
      const broken = await raw({ method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } })
      expect(broken.status).toBe(400)
      expect(await broken.json()).toMatchObject({ error: { code: 'invalid_json' } })
      const array = await raw({ method: 'POST', body: '[]', headers: { 'content-type': 'application/json' } })
      expect(array.status).toBe(400)
      expect((await raw({ method: 'GET' })).status).toBe(405)
      const garbage = await server.request('/functions/v1/admin-users', {
        method: 'POST',
        body: '{"action":"resend","user_id":"c0000000-0000-4000-8000-0000000000a2"}',
        headers: { apikey: server.anonKey, authorization: 'Bearer not.a.jwt', 'content-type': 'application/json' },
      })
      expect(garbage.status).toBe(401)
    })
  })

  describe('deactivating and reactivating', () => {
    it('keeps a deactivated client out (sign-in, refresh and rights) until reactivated', async () => {
      const client = await confirmedClient()
      const before = await signedIn(client.email, password)
      const refreshToken = (await before.auth.getSession()).data.session!.refresh_token

      expect(await call(asAdmin, { action: 'deactivate', user_id: client.id })).toMatchObject({
        status: 200,
        body: { data: { is_active: false } },
      })
      expect(await profileOf(client.id)).toMatchObject({ is_active: false })
      const { error } = await server.client().auth.signInWithPassword({ email: client.email, password })
      expect(error).toMatchObject({ code: 'user_banned' })
      const refreshed = await server.client().auth.refreshSession({ refresh_token: refreshToken })
      expect(refreshed.error).not.toBeNull()

      // An invitation is not resent to a deactivated account.
      expect(await call(asAdmin, { action: 'resend', user_id: client.id })).toMatchObject({
        status: 409,
        body: { error: { code: 'user_deactivated' } },
      })

      expect(await call(asAdmin, { action: 'reactivate', user_id: client.id })).toMatchObject({
        status: 200,
        body: { data: { is_active: true } },
      })
      const after = await signedIn(client.email, password)
      const { data: isClient } = await after.rpc('is_client')
      expect(isClient).toBe(true)
    })
  })

  describe('roles (the team page writes profiles.role through REST)', () => {
    it('lets only a super_admin change a role; the database refuses an admin', async () => {
      const staff = await confirmedAdmin()
      const byAdmin = await asAdmin.from('profiles').update({ role: 'super_admin' }).eq('id', staff.id).select('id')
      expect(byAdmin.error).toMatchObject({ code: '42501' })
      expect(await profileOf(staff.id)).toMatchObject({ role: 'admin' })

      const bySuper = await asSuperAdmin
        .from('profiles')
        .update({ role: 'super_admin' })
        .eq('id', staff.id)
        .select('role')
        .single()
      expect(bySuper.error).toBeNull()
      expect(bySuper.data).toEqual({ role: 'super_admin' })
      const ownRole = await asSuperAdmin.from('profiles').update({ role: 'admin' }).eq('id', users.superAdmin)
      expect(ownRole.error).toMatchObject({ code: '42501' })
    })

    it('shows staff the state of accounts, and nobody else', async () => {
      const { data, error } = await asAdmin.rpc('account_states', { user_ids: [users.james, users.superAdmin] })
      expect(error).toBeNull()
      const states = data as { id: string; confirmed_at: string | null }[]
      expect(states.map((s) => s.id).sort()).toEqual([users.superAdmin, users.james].sort())
      expect(states.every((s) => s.confirmed_at)).toBe(true)
      const byClient = await asClient.rpc('account_states', { user_ids: [users.james] })
      expect(byClient.error).toMatchObject({ code: '42501' })
      const byAnon = await server.client().rpc('account_states', { user_ids: [users.james] })
      expect(byAnon.error).not.toBeNull()
    })
  })
  describe("removing a client's second factors (a lost authenticator)", () => {
    /** A confirmed client (Spanish) signed in, with one or two verified authenticators. */
    async function clientWithFactors(names: string[]) {
      const target = await confirmedClient()
      const client = await signedIn(target.email, password)
      for (const friendlyName of names) {
        const { data: factor } = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName })
        const code = totpCode(server, factor!.totp.secret)
        const { error } = await client.auth.mfa.challengeAndVerify({ factorId: factor!.id, code })
        if (error) throw error
      }
      return target
    }

    const factorCount = async (id: string) =>
      (
        await server.deps.db.query<{ n: number }>(
          'select count(*)::int as n from auth.mfa_factors where user_id = $1',
          [id],
        )
      ).rows[0]!.n

    it('removes them, logs who did it and tells the client by e-mail', async () => {
      const target = await clientWithFactors(['Móvil', 'Reserva'])
      expect(await factorCount(target.id)).toBe(2)
      const answer = await call(asAdmin, { action: 'remove_factors', user_id: target.id })
      expect(answer).toEqual({ status: 200, body: { data: { user_id: target.id, removed_factors: 2 } } })
      expect(await factorCount(target.id)).toBe(0)

      const { rows } = await server.deps.db.query<{
        actor_id: string
        summary: Record<string, unknown>
        is_internal: boolean
      }>(
        `select actor_id, summary, is_internal from public.activity_log
          where entity_type = 'profile' and entity_id = $1 order by id desc limit 1`,
        [target.id],
      )
      expect(rows[0]).toMatchObject({
        actor_id: users.admin,
        is_internal: true,
        summary: { changed: ['mfa_factors'], removed_factors: 2 },
      })
      // Queued in SQL by record_mfa_reset (Supabase Auth sends no notice for an admin's deletion),
      // one per factor by its name, and sent by the e-mail outbox, once.
      const queued = await server.deps.db.query<{ factor_name: string }>(
        `select factor_name from private.security_notices
          where user_id = $1 and kind = 'factors_reset_by_staff' order by factor_name`,
        [target.id],
      )
      expect(queued.rows.map((row) => row.factor_name)).toEqual(['Móvil', 'Reserva'])
      await server.notificationMails.flush()
      const subject = 'Cauce Data ha quitado un método de verificación en dos pasos de su cuenta'
      const mail = await server.deps.catcher!.waitFor(
        target.email,
        (m) => m.subject === subject && m.text.includes('“Móvil”'),
      )
      expect(mail.subject).toBe(subject)
      await server.deps.catcher!.waitFor(target.email, (m) => m.subject === subject && m.text.includes('“Reserva”'))
      expect(await server.notificationMails.flush()).toBe(0)

      // The password alone signs them in again, at aal1 with nothing left to ask.
      const again = server.client()
      const { data } = await again.auth.signInWithPassword({ email: target.email, password })
      const level = await again.auth.mfa.getAuthenticatorAssuranceLevel()
      expect(data.session).not.toBeNull()
      expect(level.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' })
    })

    it('is refused to clients and anonymous callers, for staff accounts and when there is nothing to remove', async () => {
      const target = await clientWithFactors(['Móvil'])
      expect(await call(asClient, { action: 'remove_factors', user_id: target.id })).toMatchObject({
        status: 403,
        body: { error: { code: 'forbidden' } },
      })
      expect(await call(server.client(), { action: 'remove_factors', user_id: target.id })).toMatchObject({
        status: 401,
      })
      expect(await factorCount(target.id)).toBe(1)

      expect(await call(asSuperAdmin, { action: 'remove_factors', user_id: users.admin })).toMatchObject({
        status: 409,
        body: { error: { code: 'staff_factor_required' } },
      })
      const bare = await confirmedClient()
      expect(await call(asAdmin, { action: 'remove_factors', user_id: bare.id })).toMatchObject({
        status: 409,
        body: { error: { code: 'no_factors' } },
      })
      expect(await call(asAdmin, { action: 'remove_factors', user_id: 'not-a-uuid' })).toMatchObject({ status: 400 })

      // The log entry cannot be forged by a client, nor written for a staff account.
      const forged = await asClient.rpc('record_mfa_reset', { target_user: target.id, removed_factors: 1 })
      expect(forged.error).toMatchObject({ code: '42501' })
      const forStaff = await asAdmin.rpc('record_mfa_reset', { target_user: users.superAdmin, removed_factors: 1 })
      expect(forStaff.error).toMatchObject({ code: '42501' })
    })
  })
})
