// People for the tests. The seeded demo accounts are only ever read; a test that changes an
// account (password reset, TOTP enrolment) gets a fresh client user of its own, made through the
// admin API with the service-role key, as the firm's staff would make one.
import { randomUUID } from 'node:crypto'
import WebSocket from 'ws'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { developmentKeys } from '../../../supabase/server/lib/dev-keys'
import { demoAccounts, demoPassword } from '../../../supabase/server/welcome'
import type { Locale } from '../../../src/lib/locale'

export { demoPassword }

export interface Account {
  email: string
  password: string
  name: string
  locale: Locale
}

function demo(email: (typeof demoAccounts)[number]['email']): Account {
  const account = demoAccounts.find((a) => a.email === email)
  if (!account) throw new Error(`${email} is not a demo account`)
  return { email, password: demoPassword, name: account.name, locale: account.locale }
}

/** The seeded accounts (supabase/seed.sql, listed in supabase/server/welcome.ts). Read-only use. */
export const demoUsers = {
  /** Almacenes Ribera, Spanish. */
  lucia: demo('lucia.martin@example.com'),
  /** Almacenes Ribera, English. */
  james: demo('james.whitaker@example.com'),
  /** Kuntur Pay, Spanish. */
  daniel: demo('daniel.ortega@example.com'),
  /** Kuntur Pay, English. */
  sarah: demo('sarah.cohen@example.com'),
  admin: demo('admin@caucedata.com'),
  superAdmin: demo('superadmin@caucedata.com'),
}

export const organizations = { ribera: 'almacenes-ribera', kuntur: 'kuntur-pay' } as const
export type OrganizationSlug = (typeof organizations)[keyof typeof organizations]

/** supabase-js with the service-role key, against the server at `baseURL` (Node 20 needs `ws`). */
export function serviceClient(baseURL: string): SupabaseClient {
  return createClient(baseURL, developmentKeys.serviceRoleKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as never },
  })
}

function must<T>(result: { data: T | null; error: { message: string } | null }, what: string): T {
  if (result.error || result.data === null) throw new Error(`${what}: ${result.error?.message ?? 'no data'}`)
  return result.data
}

export async function organizationId(admin: SupabaseClient, slug: OrganizationSlug): Promise<string> {
  const row = must(
    await admin.from('organizations').select('id').eq('slug', slug).single<{ id: string }>(),
    `organization ${slug}`,
  )
  return row.id
}

export interface ProjectRow {
  id: string
  name: string
  visible_to_client: boolean
}

/** An organization's projects, hidden ones included (service role sees everything). */
export async function projectsOf(admin: SupabaseClient, slug: OrganizationSlug): Promise<ProjectRow[]> {
  const id = await organizationId(admin, slug)
  return must(
    await admin
      .from('projects')
      .select('id, name, visible_to_client')
      .eq('organization_id', id)
      .order('created_at')
      .returns<ProjectRow[]>(),
    `projects of ${slug}`,
  )
}

export interface FreshUser extends Account {
  id: string
}

/**
 * A new, confirmed client user of `organization`, unique to the calling test. The e-mail is on a
 * reserved domain and carries the test's own tag, so parallel tests never meet.
 */
export async function createClientUser(
  admin: SupabaseClient,
  { locale = 'en', organization = organizations.ribera }: { locale?: Locale; organization?: OrganizationSlug } = {},
): Promise<FreshUser> {
  const tag = randomUUID().slice(0, 8)
  const email = `e2e-${tag}@example.com`
  const password = `first-pass-${tag}`
  const name = locale === 'es' ? `Prueba ${tag}` : `Tester ${tag}`
  const created = await admin.auth.admin.createUser({
    email,
    password,
    email_confirm: true,
    user_metadata: { full_name: name, locale },
  })
  const user = must({ data: created.data.user, error: created.error }, `create ${email}`)
  const orgId = await organizationId(admin, organization)
  const { error } = await admin.from('profiles').update({ organization_id: orgId }).eq('id', user.id)
  if (error) throw new Error(`organization of ${email}: ${error.message}`)
  return { id: user.id, email, password, name, locale }
}
