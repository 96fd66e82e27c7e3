// The lead pipeline for staff (decision 0038): every lead with its assignee (the board, the list
// and their counts are computed from it), one lead with its notes and status history, the staff
// who may be assigned, and the writes: the pipeline fields, a note, the conversion into a client
// organization (one SQL call) and the person's invitation (the admin-users Edge Function).
// Row-level security lets only staff read and write any of it.
import { queryOptions } from '@tanstack/react-query'
import { FunctionsHttpError } from '@supabase/supabase-js'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { supabase } from '@/lib/supabase'
import { networkFailure, unexpectedFailure } from '@/lib/auth/messages'
import {
  failuresOf,
  formFailure,
  readFailure,
  toFormFailure,
  WriteError,
  type Catalog,
  type Failure,
  type FailureCatalog,
} from '@/lib/write-failure'
import { isUuid } from '@/lib/query-utils'
import { leadConstraints, leadTriggers, leadMessages, type LeadField, type LeadInput, toLeadRow } from '../rules'

export const leadKeys = {
  all: () => ['admin', 'leads'] as const,
  list: () => ['admin', 'leads', 'list'] as const,
  detail: (id: string) => ['admin', 'leads', 'detail', id] as const,
  notes: (id: string) => ['admin', 'leads', 'notes', id] as const,
  history: (id: string) => ['admin', 'leads', 'history', id] as const,
  staff: () => ['admin', 'leads', 'staff'] as const,
}

/** The board shows every lead; a consultancy's pipeline is short, this bounds a runaway one. */
export const leadListLimit = 1000

const listColumns =
  'id, name, email, company, interest, status, lost_reason, locale, created_at, follow_up_on, assignee_id, organization_id, assignee:profiles!contact_messages_assignee_id_fkey(full_name, email)'

export const leadsQuery = () =>
  queryOptions({
    queryKey: leadKeys.list(),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('contact_messages')
        .select(listColumns)
        .order('created_at', { ascending: false })
        .limit(leadListLimit)
      if (error) throw new Error(error.message)
      return data ?? []
    },
  })

export type LeadListItem = Awaited<ReturnType<NonNullable<ReturnType<typeof leadsQuery>['queryFn']>>>[number]

/** One lead with who last changed its status, its assignee and organization; null if not found. */
export const leadQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: async () => {
      if (!isUuid(id)) return null
      const { data, error } = await supabase
        .from('contact_messages')
        .select(
          'id, name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, status, lost_reason, assignee_id, follow_up_on, organization_id, converted_at, locale, handled_by, created_at, updated_at, handler:profiles!contact_messages_handled_by_fkey(full_name, email), organization:organizations(id, name)',
        )
        .eq('id', id)
        .maybeSingle()
      if (error) throw new Error(error.message)
      return data
    },
  })

export type Lead = NonNullable<Awaited<ReturnType<NonNullable<ReturnType<typeof leadQuery>['queryFn']>>>>

export const leadNotesQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.notes(id),
    queryFn: async () => {
      if (!isUuid(id)) return []
      const { data, error } = await supabase
        .from('lead_notes')
        .select('id, body, created_at, author:profiles(full_name, email)')
        .eq('lead_id', id)
        .order('created_at', { ascending: false })
      if (error) throw new Error(error.message)
      return data ?? []
    },
  })

export const leadHistoryQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.history(id),
    queryFn: async () => {
      if (!isUuid(id)) return []
      const { data, error } = await supabase
        .from('lead_status_changes')
        .select('id, from_status, to_status, lost_reason, changed_at, changer:profiles(full_name, email)')
        .eq('lead_id', id)
        .order('changed_at', { ascending: false })
      if (error) throw new Error(error.message)
      return data ?? []
    },
  })

/** The active staff, who may be assigned a lead (the database checks the same). */
export const staffQuery = () =>
  queryOptions({
    queryKey: leadKeys.staff(),
    queryFn: async () => {
      const { data, error } = await supabase
        .from('profiles')
        .select('id, full_name, email')
        .in('role', ['admin', 'super_admin'])
        .eq('is_active', true)
        .order('full_name')
      if (error) throw new Error(error.message)
      return data ?? []
    },
  })

/** Saves the pipeline fields; the database records who changed the status. Throws what it said. */
export async function updateLead(id: string, values: LeadInput): Promise<void> {
  // select() + single(): an update that row-level security filtered away is an error too.
  const { error } = await supabase.from('contact_messages').update(toLeadRow(values)).eq('id', id).select('id').single()
  if (error) throw error
}

export async function addLeadNote(leadId: string, body: string): Promise<void> {
  const { error } = await supabase.from('lead_notes').insert({ lead_id: leadId, body: body.trim() })
  if (error) throw error
}

/** Creates the client organization from the lead and marks it won, in one step; its id. */
export async function convertLead(leadId: string, organizationName: string): Promise<string> {
  const { data, error } = await supabase.rpc('convert_lead_to_organization', {
    lead_id: leadId,
    organization_name: organizationName.trim(),
  })
  if (error) throw error
  return data
}

/** Invites the lead's person as a client of the organization, as the organization page does. */
export async function inviteLeadPerson(lead: Pick<Lead, 'email' | 'name' | 'locale'>, organizationId: string) {
  const { error } = await supabase.functions.invoke('admin-users', {
    body: {
      action: 'invite',
      email: lead.email,
      full_name: lead.name.trim(),
      locale: lead.locale === 'en' ? 'en' : 'es',
      organization_id: organizationId,
    },
  })
  if (!error) return
  if (error instanceof FunctionsHttpError) {
    const body = (await (error.context as Response).json().catch(() => ({}))) as { error?: { code?: string } }
    throw new WriteError(`invitation refused: ${body.error?.code ?? 'unknown'}`, body.error?.code)
  }
  // FunctionsFetchError, FunctionsRelayError: the function was not reached (read as the network's).
  throw error
}

/** What the admin-users function's refusal of the invitation means; the network; anything else. */
const invitationFailures: Catalog<MessageDescriptor> = {
  codes: {
    email_exists: msg`There is already an account with this e-mail address: invite the person from the organization's page if they should join it.`,
    already_member: msg`This person already belongs to this organization.`,
    other_organization: msg`This address belongs to a client of another organization, and an account belongs to one organization only.`,
    over_email_send_rate_limit: msg`Too many e-mails were requested. Please wait a few minutes and try again.`,
  },
  network: networkFailure,
  fallback: msg`The invitation could not be sent. Try again from the organization's page.`,
}

/** Why the invitation was not sent, for the reader. */
export function invitationFailureMessage(error: unknown): MessageDescriptor {
  return readFailure(error, invitationFailures)
}

type LeadFailureField = LeadField | 'body' | 'organizationName'

const alreadyClient = formFailure(msg`This lead is already a client organization.`)
const onlyQualified = formFailure(msg`Only a qualified or won lead can become a client organization.`)
const gone = formFailure(msg`This lead no longer exists, or you may no longer change it.`)

const leadCatalog: FailureCatalog<LeadFailureField> = {
  triggers: leadTriggers,
  constraints: {
    ...failuresOf(leadConstraints, leadMessages),
    contact_messages_converted_once: alreadyClient,
    contact_messages_convert_qualified: onlyQualified,
  },
  patterns: [
    [/qualified or won lead/i, onlyQualified],
    [/already a client organization/i, alreadyClient],
  ],
  codes: { '42501': formFailure(msg`You are not allowed to make this change.`), PGRST116: gone, P0002: gone },
  network: formFailure(networkFailure),
  fallback: formFailure(unexpectedFailure),
}

/** A refused or failed write, as the field it concerns (when the database names one) and a message. */
export function leadFailure(error: unknown): Failure<LeadFailureField> {
  return toFormFailure(error, leadCatalog)
}
