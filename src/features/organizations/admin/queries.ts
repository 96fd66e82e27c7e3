// queryOptions factories for the client organizations and their users. Staff read everything
// through row-level security (is_admin()); account states (invited, confirmed, banned) come from
// the account_states() function, since auth.users is not readable through the API.
import { queryOptions } from '@tanstack/react-query'
import { supabase } from '@/lib/supabase'
import type { Tables } from '@/lib/db'
import { isUuid } from '@/lib/query-utils'

export type Organization = Tables<'organizations'>

export interface OrganizationListItem extends Organization {
  users: number
  projects: number
}

export interface AccountState {
  id: string
  invited_at: string | null
  confirmed_at: string | null
  last_sign_in_at: string | null
  banned_until: string | null
}

/** Invited and not accepted yet, able to sign in, or deactivated by staff. */
export type UserStatus = 'invited' | 'active' | 'deactivated'

export interface ManagedUser {
  id: string
  email: string | null
  full_name: string
  role: string
  locale: string
  is_active: boolean
  created_at: string
  status: UserStatus
  invited_at: string | null
  last_sign_in_at: string | null
}

export const clientKeys = {
  all: () => ['admin', 'organizations'] as const,
  list: () => ['admin', 'organizations', 'list'] as const,
  detail: (id: string) => ['admin', 'organizations', 'detail', id] as const,
  users: (id: string) => ['admin', 'organizations', 'detail', id, 'users'] as const,
  projects: (id: string) => ['admin', 'organizations', 'detail', id, 'projects'] as const,
}

function fail(error: { message: string } | null): void {
  if (error) throw new Error(error.message)
}

type Counted = { count: number }[] | null

export const organizationsQuery = () =>
  queryOptions({
    queryKey: clientKeys.list(),
    queryFn: async (): Promise<OrganizationListItem[]> => {
      const { data, error } = await supabase
        .from('organizations')
        .select('*, profiles!profiles_organization_id_fkey(count), projects(count)')
        .order('name')
      fail(error)
      return (data ?? []).map(({ profiles, projects, ...organization }) => ({
        ...organization,
        users: (profiles as unknown as Counted)?.[0]?.count ?? 0,
        projects: (projects as unknown as Counted)?.[0]?.count ?? 0,
      }))
    },
  })

export const organizationQuery = (id: string) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: async (): Promise<Organization | null> => {
      if (!isUuid(id)) return null
      const { data, error } = await supabase.from('organizations').select('*').eq('id', id).maybeSingle()
      fail(error)
      return data
    },
  })

/** The lead the organization was converted from (the lead pipeline, decision 0038), if any. */
export const organizationSourceLeadQuery = (id: string) =>
  queryOptions({
    queryKey: [...clientKeys.detail(id), 'source-lead'] as const,
    queryFn: async () => {
      if (!isUuid(id)) return null
      const { data, error } = await supabase
        .from('contact_messages')
        .select('id, name, converted_at')
        .eq('organization_id', id)
        .order('converted_at', { ascending: false, nullsFirst: false })
        .limit(1)
        .maybeSingle()
      fail(error)
      return data
    },
  })

/** The state of each account, by id (staff only). */
export async function accountStates(ids: string[]): Promise<Map<string, AccountState>> {
  if (ids.length === 0) return new Map()
  const { data, error } = await supabase.rpc('account_states', { user_ids: ids })
  fail(error)
  return new Map(((data ?? []) as unknown as AccountState[]).map((state) => [state.id, state]))
}

export function statusOf(isActive: boolean, state: AccountState | undefined): UserStatus {
  if (!isActive) return 'deactivated'
  if (state && !state.confirmed_at) return 'invited'
  return 'active'
}

type ProfileRow = Pick<
  Tables<'profiles'>,
  'id' | 'email' | 'full_name' | 'role' | 'locale' | 'is_active' | 'created_at'
>

/** Profiles with the state of their accounts. */
export async function withStates(rows: ProfileRow[]): Promise<ManagedUser[]> {
  const states = await accountStates(rows.map((row) => row.id))
  return rows.map((row) => {
    const state = states.get(row.id)
    return {
      ...row,
      status: statusOf(row.is_active, state),
      invited_at: state?.invited_at ?? null,
      last_sign_in_at: state?.last_sign_in_at ?? null,
    }
  })
}

export const profileColumns = 'id, email, full_name, role, locale, is_active, created_at'

export const organizationUsersQuery = (organizationId: string) =>
  queryOptions({
    queryKey: clientKeys.users(organizationId),
    queryFn: async (): Promise<ManagedUser[]> => {
      if (!isUuid(organizationId)) return []
      const { data, error } = await supabase
        .from('profiles')
        .select(profileColumns)
        .eq('organization_id', organizationId)
        .order('full_name')
      fail(error)
      return withStates(data ?? [])
    },
  })

export const organizationProjectsQuery = (organizationId: string) =>
  queryOptions({
    queryKey: clientKeys.projects(organizationId),
    queryFn: async () => {
      if (!isUuid(organizationId)) return []
      const { data, error } = await supabase
        .from('projects')
        .select('id, name, status, progress, visible_to_client')
        .eq('organization_id', organizationId)
        .order('created_at', { ascending: false })
      fail(error)
      return data ?? []
    },
  })
