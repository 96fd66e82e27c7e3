// The firm's staff (admin and super_admin) with the state of their accounts, and the one write the
// team page makes through REST: a role change, which the profiles trigger allows only to a
// super_admin (and never on their own row).
import { queryOptions } from '@tanstack/react-query'
import { msg } from '@lingui/core/macro'
import { supabase } from '@/lib/supabase'
import { networkFailure, unexpectedFailure } from '@/lib/auth/messages'
import { WriteError } from './api'
import { profileColumns, withStates, type ManagedUser } from './queries'
import type { StaffRole } from './labels'
import { isNetworkFailure } from '@/lib/network-failure'

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

export async function changeRole(userId: string, role: StaffRole): Promise<void> {
  const { error } = await supabase.from('profiles').update({ role }).eq('id', userId).select('id').single()
  if (!error) return
  if (error.code === '42501' || error.code === 'PGRST116')
    throw new WriteError({ message: msg`Only a super admin can change roles, and never their own.` }, error)
  if (isNetworkFailure(error)) throw new WriteError({ message: networkFailure }, error)
  throw new WriteError({ message: unexpectedFailure }, error)
}
