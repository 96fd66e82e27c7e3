// Staff-side helpers for the admin area's end-to-end tests: signing a staff member in through the
// staff login, the admin pages' paths, a fresh organization and a fresh staff member per test (made
// with the service role, as a seed would), and the rows of the users and team tables.
import { randomUUID } from 'node:crypto'
import type { Locator, Page } from '@playwright/test'
import type { SupabaseClient } from '@supabase/supabase-js'
import { withLangPrefix } from '../../../src/lib/pages'
import type { Locale } from '../../../src/lib/locale'
import { expect, exactPath, paths, startSession, type Prefix } from './auth'
import type { Account } from './users'

export const adminPaths = {
  organizations: (prefix: Prefix) => withLangPrefix('/admin/dashboard/organizations', prefix),
  organization: (prefix: Prefix, id: string) => withLangPrefix(`/admin/dashboard/organizations/${id}`, prefix),
  team: (prefix: Prefix) => withLangPrefix('/admin/dashboard/team', prefix),
}

/** Starts a staff member signed in (startSession) and opens the admin overview in `lng`. */
export async function signInStaff(page: Page, account: Account, lng: Locale): Promise<void> {
  await startSession(page, account)
  await page.goto(paths.adminDashboard(lng))
  await expect(page).toHaveURL(exactPath(paths.adminDashboard(lng)))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

function must<T>(result: { data: T; error: { message: string } | null }, what: string): T {
  if (result.error) throw new Error(`${what}: ${result.error.message}`)
  return result.data
}

/** A row the service role inserts into `table`, with the `columns` given back; `what` names it in a failure. */
async function inserted<Row>(
  admin: SupabaseClient,
  table: string,
  row: Record<string, unknown>,
  columns: string,
  what: string,
): Promise<Row> {
  const created = must(await admin.from(table).insert(row).select(columns).single<Row>(), what)
  if (!created) throw new Error(`${what} was not created`)
  return created
}

export interface FreshOrganization {
  id: string
  name: string
  slug: string
}

/** A new organization of the calling test, with no users and no projects. */
export async function createOrganization(
  admin: SupabaseClient,
  defaultLocale: Locale = 'es',
): Promise<FreshOrganization> {
  const tag = randomUUID().slice(0, 8)
  const row = { name: `E2E Cliente ${tag}`, slug: `e2e-cliente-${tag}`, default_locale: defaultLocale }
  return inserted<FreshOrganization>(admin, 'organizations', row, 'id, name, slug', `organization ${row.slug}`)
}

export interface FreshProject {
  id: string
  name: string
}

/**
 * A new project of the organization `organizationId`, made with the service role: a governance
 * project unless `fields` say otherwise (service, status, progress, visible_to_client, …).
 */
export async function createProject(
  admin: SupabaseClient,
  organizationId: string,
  fields: { name: string } & Record<string, unknown>,
): Promise<FreshProject> {
  const row = { organization_id: organizationId, service: 'governance', ...fields }
  return inserted<FreshProject>(admin, 'projects', row, 'id, name', `project ${fields.name}`)
}

export interface FreshStaff {
  id: string
  email: string
  name: string
}

/** A new, confirmed admin of the calling test. */
export async function createStaffUser(admin: SupabaseClient): Promise<FreshStaff> {
  const tag = randomUUID().slice(0, 8)
  const email = `e2e-staff-${tag}@example.com`
  const name = `Staff ${tag}`
  const { data, error } = await admin.auth.admin.createUser({
    email,
    password: `staff-pass-${tag}`,
    email_confirm: true,
    user_metadata: { full_name: name, locale: 'es' },
  })
  if (error || !data.user) throw new Error(`create ${email}: ${error?.message}`)
  const user = data.user
  must(await admin.from('profiles').update({ role: 'admin' }).eq('id', user.id), `role of ${email}`)
  return { id: user.id, email, name }
}

/** The row of a users or team table, by the person's e-mail address. */
export function userRow(page: Page, email: string): Locator {
  return page.locator(`tr[data-user="${email.toLowerCase()}"]`)
}
