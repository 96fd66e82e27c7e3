// The firm's staff (admin and super_admin) with the state of their accounts, and the one write the
// team page makes through REST: a role change, which the profiles trigger allows only to a
// super_admin (and never on their own row).
import { queryOptions } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { supabase } from '@/lib/supabase'
import { formFailure, readFailure, saveFailures, withFailures, WriteError, type Failure } from '@/lib/write-failure'
import { profileColumns, withStates, type ManagedUser } from './queries'
import type { StaffRole } from './labels'

export const teamKeys = {
  staff: () => ['admin', 'team'] as const,
}

export const staffQuery = () =>
  queryOptions({
    queryKey: teamKeys.staff(),
    queryFn: async (): Promise<ManagedUser[]> => {
      const { data, error } = await supabase
        .from('profiles')
        .select(profileColumns)
        .in('role', ['admin', 'super_admin'])
        .order('full_name')
      if (error) throw new Error(error.message)
      return withStates(data ?? [])
    },
  })

/** Throws the refusal as a WriteError, which roleFailure reads. */
export async function changeRole(userId: string, role: StaffRole): Promise<void> {
  const { error } = await supabase.from('profiles').update({ role }).eq('id', userId).select('id').single()
  if (error) throw new WriteError(error.message, error.code)
}

const onlySuperAdmin = formFailure(msg`Only a super admin can change roles, and never their own.`)

/** The trigger's refusal (42501), or no row this person may change (PGRST116); the default catalog for the rest. */
const roleFailures = withFailures<Failure>(saveFailures, {
  codes: { '42501': onlySuperAdmin, PGRST116: onlySuperAdmin },
})

/** What a refused role change means to the reader. */
export function roleFailure(error: unknown): Failure {
  return readFailure(error, roleFailures)
}
