// Queries about the signed-in person's own credentials, used by the account page and the admin
// area's reminder to turn on two-step verification.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'

/** The user's MFA factors as the auth server lists them (verified and unfinished enrolments). */
export const mfaFactorsQuery = (userId: string) =>
  queryOptions({
    queryKey: ['mfa-factors', userId] as const,
    queryFn: async () => {
      const { data, error } = await supabase.auth.mfa.listFactors()
      if (error) throw error
      return data.all
    },
  })
