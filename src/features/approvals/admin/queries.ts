// The staff's read for Team access: the organization's client users, of whom the approvers are chosen.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import { adminProjectKeys } from '@/lib/query-keys'
import { unwrapList } from '@/lib/query-utils'

/** Every client user of an organization, deactivated ones included (Team access). */
export const organizationClientsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: adminProjectKeys.clients(organizationId),
    queryFn: async () =>
      unwrapList(
        await supabase
          .from('profiles')
          .select('id, full_name, email, is_active')
          .eq('organization_id', organizationId)
          .eq('role', 'client')
          .order('full_name'),
      ),
  })
