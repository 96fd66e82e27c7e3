// The writes of the clients and team pages: organizations through REST (row-level security and
// the table's constraints decide), accounts through the admin-users Edge Function. Each failure
// becomes a message for the reader, attached to the field it is about when there is one.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { FunctionsHttpError } from '@supabase/supabase-js'
import { supabase } from '@/lib/supabase'
import type { TablesInsert } from '@/lib/db'
import { networkFailure, unexpectedFailure } from '@/lib/auth/messages'
import type { Organization } from './queries'
import { isNetworkFailure } from '@/lib/network-failure'
import {
  invitationRefusal,
  organizationConstraints,
  organizationMessages,
  type OrganizationField,
} from '@/features/organizations/rules'

export type OrganizationFields = Pick<
  TablesInsert<'organizations'>,
  'name' | 'slug' | 'legal_name' | 'tax_id' | 'country_code' | 'industry' | 'website' | 'default_locale' | 'is_active'
>

/** A failure the page shows: on a field of the form, or above it. */
export interface Failure<Field extends string = string> {
  field?: Field
  message: MessageDescriptor
}

export class WriteError extends Error {
  constructor(
    readonly failure: Failure,
    cause?: unknown,
  ) {
    super(failure.message.message ?? 'write failed', { cause })
    this.name = 'WriteError'
  }
}

interface PostgrestLikeError {
  code?: string
  message: string
}

const refused = msg`You do not have permission to make this change.`

/** A REST failure on organizations: a constraint's field and rule, a refusal, or a general one. */
export function organizationFailure(error: PostgrestLikeError): Failure<OrganizationField> {
  const constraint = /constraint "([a-z_]+)"/.exec(error.message)?.[1]
  const broken = constraint ? organizationConstraints[constraint] : undefined
  if (broken) return { field: broken.field, message: organizationMessages[broken.rule] }
  if (error.code === '42501' || error.code === 'PGRST116') return { message: refused }
  if (isNetworkFailure(error)) return { message: networkFailure }
  return { message: unexpectedFailure }
}

export async function createOrganization(fields: OrganizationFields): Promise<Organization> {
  const { data, error } = await supabase.from('organizations').insert(fields).select('*').single()
  if (error) throw new WriteError(organizationFailure(error), error)
  return data
}

export async function updateOrganization(id: string, fields: OrganizationFields): Promise<Organization> {
  const { data, error } = await supabase.from('organizations').update(fields).eq('id', id).select('*').single()
  if (error) throw new WriteError(organizationFailure(error), error)
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
  if (error) throw new WriteError(organizationFailure(error), error)
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

const accountFailures: Record<string, Failure<InviteFields>> = {
  email_exists: { field: 'email', message: msg`There is already an account with this e-mail address.` },
  organization_not_found: { message: msg`This organization no longer exists.` },
  already_member: { field: 'email', message: msg`This person already belongs to this organization.` },
  other_organization: {
    field: 'email',
    message: msg`This address belongs to a client of another organization, and an account belongs to one organization only.`,
  },
  already_accepted: { message: msg`This person has already accepted the invitation and can sign in.` },
  user_deactivated: { message: msg`Reactivate this account before sending the invitation again.` },
  user_not_found: { message: msg`This account no longer exists.` },
  self: { message: msg`You cannot deactivate or reactivate your own account.` },
  no_factors: { message: msg`This person has no two-step verification to remove.` },
  staff_factor_required: { message: msg`Staff accounts must keep their two-step verification.` },
  forbidden: { message: refused },
  not_authenticated: { message: msg`Your session has ended. Please sign in again.` },
  over_email_send_rate_limit: {
    message: msg`Too many e-mails were requested. Please wait a few minutes and try again.`,
  },
}

/** What the function's error answer means to the reader. */
export function accountFailure(
  code: string | undefined,
  field: string | undefined,
  rule?: string,
): Failure<InviteFields> {
  if (code && accountFailures[code]) return accountFailures[code]
  const refusal = code === 'validation_failed' ? invitationRefusal(field, rule) : undefined
  if (refusal) return { field: field as InviteFields, message: refusal.message }
  return { message: unexpectedFailure }
}

export async function adminUsers(request: AdminUsersRequest): Promise<Record<string, unknown>> {
  let data: unknown
  let error: unknown
  try {
    ;({ data, error } = await supabase.functions.invoke('admin-users', { body: request }))
  } catch (thrown) {
    throw new WriteError({ message: networkFailure }, thrown)
  }
  if (!error) return ((data as { data?: Record<string, unknown> } | null)?.data ?? {}) as Record<string, unknown>
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as FunctionErrorBody
    throw new WriteError(accountFailure(body.error?.code, body.error?.field, body.error?.rule), error)
  }
  throw new WriteError({ message: networkFailure }, error)
}

/** Any thrown value as a failure for the reader. */
export function failureOf(error: unknown): Failure {
  if (error instanceof WriteError) return error.failure
  return { message: unexpectedFailure }
}
