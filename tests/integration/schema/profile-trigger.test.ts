// A new auth user gets a client profile built from the sign-up metadata: name, company and
// language are taken (cleaned), role and organization never are. The e-mail copy follows the
// account. Inserted into auth.users as GoTrue does, so this is what sign-up and invites produce.
import { randomUUID } from 'node:crypto'
import { expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from '../support/server'
import { organizations } from '../rls/seed-ids'

interface Profile {
  email: string | null
  role: string
  organization_id: string | null
  full_name: string
  company: string | null
  locale: string
  is_active: boolean
}

describeEachDatabase('profile for a new user on %s', (kind) => {
  const server = useTestServer(kind)

  async function signUp(email: string, userMeta: unknown, appMeta: unknown = {}): Promise<Profile & { id: string }> {
    const id = randomUUID()
    await server.deps.db.query(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data) values ($1, 'authenticated', 'authenticated', $2, $3, $4)`,
      [id, email, JSON.stringify(userMeta), JSON.stringify(appMeta)],
    )
    const { rows } = await server.deps.db.query<Profile>(
      'select email, role, organization_id, full_name, company, locale, is_active from public.profiles where id = $1',
      [id],
    )
    expect(rows).toHaveLength(1)
    return { id, ...rows[0]! }
  }

  it('takes name, company and language from the metadata', async () => {
    const profile = await signUp('nora@example.com', {
      full_name: ' Nora Fitzgerald ',
      company: 'Harbour Foods',
      locale: 'en',
    })
    expect(profile).toMatchObject({
      email: 'nora@example.com',
      role: 'client',
      organization_id: null,
      full_name: 'Nora Fitzgerald',
      company: 'Harbour Foods',
      locale: 'en',
      is_active: true,
    })
  })

  it('ignores a role and an organization in the metadata', async () => {
    const profile = await signUp(
      'mallory@example.com',
      { full_name: 'Mallory', role: 'super_admin', organization_id: organizations.ribera, is_active: false },
      { role: 'super_admin', organization_id: organizations.ribera },
    )
    expect(profile).toMatchObject({ role: 'client', organization_id: null, is_active: true })
  })

  it('falls back to safe defaults for missing or unusable metadata', async () => {
    expect(await signUp('blank@example.com', {})).toMatchObject({ full_name: '', company: null, locale: 'es' })
    expect(await signUp('fr@example.com', { locale: 'fr', company: '   ' })).toMatchObject({
      locale: 'es',
      company: null,
    })
    expect(await signUp('gb@example.com', { language: 'en-GB', name: 'Pat' })).toMatchObject({
      locale: 'en',
      full_name: 'Pat',
    })
    const long = await signUp('long@example.com', { full_name: 'x'.repeat(500), company: 'y'.repeat(500) })
    expect([long.full_name.length, long.company?.length]).toEqual([200, 200])
  })

  it('keeps the e-mail copy in step with the account', async () => {
    const profile = await signUp('old@example.com', { full_name: 'Changing' })
    await server.deps.db.query(`update auth.users set email = 'new@example.com' where id = $1`, [profile.id])
    const { rows } = await server.deps.db.query('select email from public.profiles where id = $1', [profile.id])
    expect(rows).toEqual([{ email: 'new@example.com' }])
  })

  it('goes away with the account', async () => {
    const profile = await signUp('gone@example.com', {})
    await server.deps.db.query('delete from auth.users where id = $1', [profile.id])
    const { rows } = await server.deps.db.query('select id from public.profiles where id = $1', [profile.id])
    expect(rows).toEqual([])
  })
})
