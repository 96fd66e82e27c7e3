// The writes of the clients and team pages: organizations through REST (row-level security and
// the table's constraints decide), accounts through the admin-users Edge Function. Each failure
// becomes a message for the reader, attached to the field it is about when there is one.
import { msg } from '@lingui/core/macro'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { TablesInsert } from '@/lib/db'
import { networkFailure, unexpectedFailure } from '@/lib/auth/messages'
import {
  deniedFailure,
  formFailure,
  readFailure,
  WriteError,
  type Failure,
  type FailureCatalog,
} from '@/lib/write-failure'
import type { Organization } from './queries'
import { invitationRefusal, organizationFailures, type OrganizationField } from '@/features/organizations/rules'

export type OrganizationFields = Pick<
  TablesInsert<'organizations'>,
  'name' | 'slug' | 'legal_name' | 'tax_id' | 'country_code' | 'industry' | 'website' | 'default_locale' | 'is_active'
>

/** A REST failure on organizations: a constraint's field and rule, a refusal, or a general one. */
export function organizationFailure(error: unknown): Failure<OrganizationField> {
  return readFailure(error, organizationFailures)
}

export async function createOrganization(fields: OrganizationFields): Promise<Organization> {
  const { data, error } = await supabase.from('organizations').insert(fields).select('*').single()
  if (error) throw new WriteError(error.message, error.code)
  return data
}

export async function updateOrganization(id: string, fields: OrganizationFields): Promise<Organization> {
  const { data, error } = await supabase.from('organizations').update(fields).eq('id', id).select('*').single()
  if (error) throw new WriteError(error.message, error.code)
  return data
}

/** Switches the organization's required second factor for its clients (decision 0037). */
export async function setSecondFactorRequired(id: string, required: boolean): Promise<Organization> {
  const { data, error } = await supabase
    .from('organizations')
    .update({ second_factor_required: required })
    .eq('id', id)
    .select('*')
    .single()
  if (error) throw new WriteError(error.message, error.code)
  return data
}

// ─── Accounts (the admin-users Edge Function) ─────────────────────────────────────────────────

export type InviteFields = 'email' | 'full_name' | 'locale' | 'role' | 'organization_id'

export type AdminUsersRequest =
  | { action: 'invite'; email: string; full_name: string; locale: 'es' | 'en'; organization_id: string }
  | { action: 'invite'; email: string; full_name: string; locale: 'es' | 'en'; role: 'admin' | 'super_admin' }
  | { action: 'resend' | 'deactivate' | 'reactivate' | 'remove_factors'; user_id: string }

interface FunctionErrorBody {
  error?: { code?: string; message?: string; field?: string; rule?: string }
}

const accountCodes: Record<string, Failure<InviteFields>> = {
  email_exists: { field: 'email', message: msg`There is already an account with this e-mail address.` },
  organization_not_found: formFailure(msg`This organization no longer exists.`),
  already_member: { field: 'email', message: msg`This person already belongs to this organization.` },
  other_organization: {
    field: 'email',
    message: msg`This address belongs to a client of another organization, and an account belongs to one organization only.`,
  },
  already_accepted: formFailure(msg`This person has already accepted the invitation and can sign in.`),
  user_deactivated: formFailure(msg`Reactivate this account before sending the invitation again.`),
  user_not_found: formFailure(msg`This account no longer exists.`),
  self: formFailure(msg`You cannot deactivate or reactivate your own account.`),
  no_factors: formFailure(msg`This person has no two-step verification to remove.`),
  staff_factor_required: formFailure(msg`Staff accounts must keep their two-step verification.`),
  forbidden: formFailure(deniedFailure),
  not_authenticated: formFailure(msg`Your session has ended. Please sign in again.`),
  over_email_send_rate_limit: formFailure(
    msg`Too many e-mails were requested. Please wait a few minutes and try again.`,
  ),
}

/**
 * What the admin-users function's answers mean: its error codes, and a field it refused by the
 * invitation's rule; a call that got no answer is the network's, anything else unexpected.
 */
const accountFailures: FailureCatalog<InviteFields> = {
  read: (error) => {
    if (!(error instanceof WriteError) || error.code !== 'validation_failed') return undefined
    const refusal = invitationRefusal(error.refused?.field, error.refused?.rule)
    return refusal ? { field: error.refused!.field as InviteFields, message: refusal.message } : undefined
  },
  codes: accountCodes,
  network: formFailure(networkFailure),
  // A function's answer without a code, a code this page does not know.
  fallback: formFailure(unexpectedFailure),
}

/** What a failed call of the admin-users function means to the reader. */
export function accountFailure(error: unknown): Failure<InviteFields> {
  return readFailure(error, accountFailures)
}

export async function adminUsers(request: AdminUsersRequest): Promise<Record<string, unknown>> {
  const { data, error } = await supabase.functions.invoke('admin-users', { body: request })
  if (!error) return ((data as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as FunctionErrorBody
    const refused = body.error ?? {}
    throw new WriteError(refused.message ?? error.message, refused.code, { field: refused.field, rule: refused.rule })
  }
  // FunctionsFetchError, FunctionsRelayError: the function was not reached (read as the network's).
  throw error
}
