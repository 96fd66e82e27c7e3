// The contact form's leads for staff: counts per status, the list of one status (or all), one
// lead with who handled it, and the status change. Row-level security lets staff read and
// update; the guard trigger lets an admin change nothing but the status.
import { queryOptions } from '@tanstack/react-query'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { supabase } from '@/lib/supabase'
import { networkFailure, unexpectedFailure } from '@/lib/auth/messages'
import { asFailure } from '@/lib/auth/messages'
import { isUuid } from '@/lib/query-utils'
import { leadStatuses, type LeadStatus } from './search'
import { isNetworkFailure } from '@/lib/network-failure'

export const leadKeys = {
  all: () => ['admin', 'leads'] as const,
  counts: () => ['admin', 'leads', 'counts'] as const,
  list: (status: LeadStatus | null) => ['admin', 'leads', 'list', status] as const,
  detail: (id: string) => ['admin', 'leads', 'detail', id] as const,
}

export const leadCountsQuery = () =>
  queryOptions({
    queryKey: leadKeys.counts(),
    queryFn: async (): Promise<Record<LeadStatus, number>> => {
      const results = await Promise.all(
        leadStatuses.map((status) =>
          supabase.from('contact_messages').select('id', { count: 'exact', head: true }).eq('status', status),
        ),
      )
      const counts = { new: 0, in_progress: 0, closed: 0 }
      results.forEach(({ count, error }, index) => {
        if (error) throw new Error(error.message)
        counts[leadStatuses[index]!] = count ?? 0
      })
      return counts
    },
  })

export const leadsListQuery = (status: LeadStatus | null) =>
  queryOptions({
    queryKey: leadKeys.list(status),
    queryFn: async () => {
      let query = supabase
        .from('contact_messages')
        .select('id, name, email, company, interest, status, locale, created_at')
        .order('created_at', { ascending: false })
      if (status) query = query.eq('status', status)
      const { data, error } = await query
      if (error) throw new Error(error.message)
      return data ?? []
    },
  })

/** One lead with the name of the staff member who last changed its status; null if not found. */
export const leadQuery = (id: string) =>
  queryOptions({
    queryKey: leadKeys.detail(id),
    queryFn: async () => {
      if (!isUuid(id)) return null
      const { data, error } = await supabase
        .from('contact_messages')
        .select(
          'id, name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, status, locale, handled_by, created_at, updated_at, handler:profiles(full_name, email)',
        )
        .eq('id', id)
        .maybeSingle()
      if (error) throw new Error(error.message)
      return data
    },
  })

export type Lead = NonNullable<Awaited<ReturnType<NonNullable<ReturnType<typeof leadQuery>['queryFn']>>>>

/** Moves a lead to `status`; the database records who did it. Throws what the server said. */
export async function updateLeadStatus(id: string, status: LeadStatus): Promise<void> {
  // select() + single(): an update that row-level security filtered away is an error too.
  const { error } = await supabase.from('contact_messages').update({ status }).eq('id', id).select('id').single()
  if (error) throw error
}

/** A refused or failed status change, for the reader. */
export function leadFailureMessage(error: unknown): MessageDescriptor {
  const failure = asFailure(error)
  if (failure.code === '42501') return msg`You are not allowed to make this change. Admins may only change the status.`
  if (failure.code === 'PGRST116') return msg`This lead no longer exists, or you may no longer change it.`
  if (failure.code === '23514') return msg`The server did not accept this status.`
  if (isNetworkFailure(failure)) return networkFailure
  if (failure.retryable && !(failure.status && failure.status >= 500)) return networkFailure
  return unexpectedFailure
}
