// Queries about the signed-in person's own credentials, used by the account page, the admin
// area's reminder to turn on two-step verification and the guards' required second factor.
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

/**
 * What a required second factor asks of the signed-in person (SQL `second_factor_requirement()`,
 * decision 0037): nothing ('none'), already given ('met'), the code step ('verify') or an
 * enrolment first ('enrol'). Keyed by the session's assurance, so an aal2 session asks afresh.
 */
export type SecondFactorRequirement = 'none' | 'met' | 'verify' | 'enrol'

/** @public the guards read it through the auth module (service.ts), a dynamic import */
export const secondFactorRequirementQuery = (userId: string, assurance: 'aal1' | 'aal2') =>
  queryOptions({
    queryKey: ['second-factor-requirement', userId, assurance] as const,
    queryFn: async (): Promise<SecondFactorRequirement> => {
      const { data, error } = await supabase.rpc('second_factor_requirement')
      if (error) throw error
      return data === 'met' || data === 'verify' || data === 'enrol' ? data : 'none'
    },
    staleTime: 60_000,
  })
