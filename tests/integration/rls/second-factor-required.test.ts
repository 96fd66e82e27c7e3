// A second factor made mandatory in SQL (migration second_factor_required, decision 0037): with
// the staff setting on, an organization's switch on, or an account listed, the role helpers grant
// nothing to an aal1 session, while the own profile stays readable so the app can ask for the
// enrolment. Real SQL with the claims PostgREST sets, and one staff member's whole path through
// supabase-js (sign in, refused, enrol a TOTP factor, allowed).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { tryAs, type Outcome, type UserActor } from './run-as'
import { organizations, users } from './seed-ids'
import { relaxLimits, totpCode } from '../auth/support/helpers'

const at = (sub: string, aal: 'aal1' | 'aal2'): UserActor => ({ sub, aal })

const reads = {
  organizations: 'select id from public.organizations order by id',
  projects: 'select id from public.projects',
  ownProfile: 'select id from public.profiles where id = (select auth.uid())',
}

describeEachDatabase('second factor required on %s', (kind) => {
  let server: TestServer
  const rowsOf = (outcome: Outcome) => {
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`)
    return outcome.rows
  }
  const read = async (who: Parameters<typeof tryAs>[1], sql: string) => rowsOf(await tryAs(server.deps.db, who, sql))
  const value = async (who: Parameters<typeof tryAs>[1], expression: string) =>
    (await read(who, `select ${expression} as v`))[0]!.v
  const setStaffRule = (on: boolean) =>
    server.deps.db.query('update public.security_settings set staff_second_factor_required = $1', [on])

  beforeAll(async () => {
    server = await startTestServer(kind)
    await server.deps.db.query('update public.organizations set second_factor_required = true where id = $1', [
      organizations.ribera,
    ])
  })
  afterAll(() => server.close())

  describe('staff, with the staff setting on', () => {
    beforeAll(() => setStaffRule(true))
    afterAll(() => setStaffRule(false))

    it.each([
      ['admin', users.admin],
      ['super_admin', users.superAdmin],
    ])('%s: no staff rights at aal1, all of them at aal2', async (_role, id) => {
      expect(await value(at(id, 'aal1'), 'public.is_admin()')).toBe(false)
      expect(await read(at(id, 'aal1'), reads.organizations)).toEqual([])
      expect(await read(at(id, 'aal1'), reads.projects)).toEqual([])
      expect(await value(at(id, 'aal1'), 'public.second_factor_requirement()')).toBe('enrol')
      // Who is signed in stays known, so the app can ask for the enrolment.
      expect(await read(at(id, 'aal1'), reads.ownProfile)).toEqual([{ id }])

      expect(await value(at(id, 'aal2'), 'public.is_admin()')).toBe(true)
      expect((await read(at(id, 'aal2'), reads.organizations)).length).toBeGreaterThanOrEqual(2)
      expect(await value(at(id, 'aal2'), 'public.second_factor_requirement()')).toBe('met')
    })

    it('an aal1 super_admin cannot change a role; at aal2 they can', async () => {
      const update = `update public.profiles set role = 'super_admin' where id = '${users.admin}'`
      expect(await tryAs(server.deps.db, at(users.superAdmin, 'aal1'), update)).toMatchObject({ ok: true, affected: 0 })
      expect(await tryAs(server.deps.db, at(users.superAdmin, 'aal2'), update)).toMatchObject({ ok: true, affected: 1 })
    })

    it('asks a staff member with a verified factor for the second step, not a new enrolment', async () => {
      await server.deps.db.query(
        `insert into auth.mfa_factors (user_id, friendly_name, status, secret) values ($1, 'phone', 'verified', 'JBSWY3DPEHPK3PXP')`,
        [users.superAdmin],
      )
      try {
        expect(await value(at(users.superAdmin, 'aal1'), 'public.second_factor_requirement()')).toBe('verify')
      } finally {
        await server.deps.db.query('delete from auth.mfa_factors where user_id = $1', [users.superAdmin])
      }
    })

    it('leaves clients of an organization that does not require it as they were', async () => {
      expect(await read(at(users.daniel, 'aal1'), reads.organizations)).toEqual([{ id: organizations.kuntur }])
      expect(await value(at(users.daniel, 'aal1'), 'public.second_factor_requirement()')).toBe('none')
    })
  })

  it('with the staff setting off, staff at aal1 keep their rights (the development demo)', async () => {
    expect(await value(at(users.admin, 'aal1'), 'public.is_admin()')).toBe(true)
    expect(await value(at(users.admin, 'aal1'), 'public.second_factor_requirement()')).toBe('none')
  })

  describe('clients of an organization that requires it', () => {
    it('see nothing of their organization at aal1, and see it at aal2', async () => {
      expect(await read(at(users.lucia, 'aal1'), reads.organizations)).toEqual([])
      expect(await read(at(users.lucia, 'aal1'), reads.projects)).toEqual([])
      expect(await value(at(users.lucia, 'aal1'), 'public.is_client()')).toBe(false)
      expect(await value(at(users.lucia, 'aal1'), 'public.second_factor_requirement()')).toBe('enrol')
      expect(await read(at(users.lucia, 'aal1'), reads.ownProfile)).toEqual([{ id: users.lucia }])

      expect(await read(at(users.lucia, 'aal2'), reads.organizations)).toEqual([{ id: organizations.ribera }])
      expect((await read(at(users.lucia, 'aal2'), reads.projects)).length).toBeGreaterThan(0)
      expect(await value(at(users.lucia, 'aal2'), 'public.second_factor_requirement()')).toBe('met')
    })

    it('never see another organization, at either level', async () => {
      expect(await read(at(users.daniel, 'aal2'), reads.organizations)).toEqual([{ id: organizations.kuntur }])
      expect(
        await read(at(users.lucia, 'aal2'), `select id from public.organizations where id = '${organizations.kuntur}'`),
      ).toEqual([])
    })

    it('cannot lift the requirement themselves; staff can', async () => {
      const lift = `update public.organizations set second_factor_required = false where id = '${organizations.ribera}'`
      expect(await tryAs(server.deps.db, at(users.lucia, 'aal2'), lift)).toMatchObject({ ok: true, affected: 0 })
      expect(await tryAs(server.deps.db, at(users.admin, 'aal1'), lift)).toMatchObject({ ok: true, affected: 1 })
    })
  })

  it('applies to a listed account whatever its organization says', async () => {
    await server.deps.db.query('insert into public.second_factor_required_accounts (user_id) values ($1)', [
      users.daniel,
    ])
    try {
      expect(await read(at(users.daniel, 'aal1'), reads.organizations)).toEqual([])
      expect(await value(at(users.daniel, 'aal1'), 'public.second_factor_requirement()')).toBe('enrol')
      expect(await read(at(users.daniel, 'aal2'), reads.organizations)).toEqual([{ id: organizations.kuntur }])
    } finally {
      await server.deps.db.query('delete from public.second_factor_required_accounts where user_id = $1', [
        users.daniel,
      ])
    }
  })

  it('anonymous callers are told nothing is required and get no rows', async () => {
    expect(await value('anon', 'public.second_factor_requirement()')).toBe('none')
    expect(await tryAs(server.deps.db, 'anon', reads.organizations)).toMatchObject({ ok: false, code: '42501' })
  })

  it('staff read the settings; clients, aal1 staff and anonymous callers do not', async () => {
    const sql = 'select staff_second_factor_required as v from public.security_settings'
    expect(await read(at(users.superAdmin, 'aal2'), sql)).toEqual([{ v: false }])
    expect(await read(at(users.lucia, 'aal2'), sql)).toEqual([])
    await setStaffRule(true)
    try {
      expect(await read(at(users.admin, 'aal1'), sql)).toEqual([])
    } finally {
      await setStaffRule(false)
    }
    expect(await tryAs(server.deps.db, 'anon', sql)).toMatchObject({ ok: false, code: '42501' })
  })

  it('each person reads only their own listing, and nobody but the service role writes one', async () => {
    await server.deps.db.query('insert into public.second_factor_required_accounts (user_id) values ($1)', [
      users.james,
    ])
    try {
      const sql = 'select user_id from public.second_factor_required_accounts'
      expect(await read(at(users.james, 'aal2'), sql)).toEqual([{ user_id: users.james }])
      expect(await read(at(users.lucia, 'aal2'), sql)).toEqual([])
      expect(await read(at(users.superAdmin, 'aal2'), sql)).toEqual([])
      for (const who of [at(users.superAdmin, 'aal2'), at(users.lucia, 'aal2')]) {
        expect(
          await tryAs(
            server.deps.db,
            who,
            `delete from public.second_factor_required_accounts where user_id = '${users.james}'`,
          ),
        ).toMatchObject({ ok: false, code: '42501' })
        expect(
          await tryAs(
            server.deps.db,
            who,
            `insert into public.second_factor_required_accounts (user_id) values ('${users.daniel}')`,
          ),
        ).toMatchObject({ ok: false, code: '42501' })
        expect(
          await tryAs(server.deps.db, who, 'update public.security_settings set staff_second_factor_required = false'),
        ).toMatchObject({ ok: false, code: '42501' })
        expect(await tryAs(server.deps.db, who, 'select private.second_factor_met()')).toMatchObject({
          ok: false,
          code: '42501',
        })
      }
    } finally {
      await server.deps.db.query('delete from public.second_factor_required_accounts where user_id = $1', [users.james])
    }
  })

  it('a staff member signs in, is refused, enrols a TOTP factor and is let in (supabase-js)', async () => {
    relaxLimits(server)
    await setStaffRule(true)
    try {
      const client = server.client()
      const signIn = await client.auth.signInWithPassword({
        email: 'admin@caucedata.com',
        password: 'demo-password-2026',
      })
      expect(signIn.error).toBeNull()
      expect((await client.rpc('second_factor_requirement')).data).toBe('enrol')
      expect((await client.from('organizations').select('id')).data).toEqual([])

      const enrolled = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Work phone' })
      expect(enrolled.error).toBeNull()
      const { id: factorId, totp } = enrolled.data as { id: string; totp: { secret: string } }
      const verified = await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(server, totp.secret) })
      expect(verified.error).toBeNull()

      expect((await client.rpc('second_factor_requirement')).data).toBe('met')
      expect((await client.from('organizations').select('id')).data?.length).toBeGreaterThanOrEqual(2)
    } finally {
      await setStaffRule(false)
      await server.deps.db.query('delete from auth.mfa_factors where user_id = $1', [users.admin])
    }
  })
})
