// Route guards, as TanStack Router beforeLoads. They wait for the auth actor to settle, send a
// visitor without a session to the matching login (remembering where they were going), and a
// user with the wrong role home, saying why. They shape the experience; row-level security is
// the boundary.
import { appQueryClient } from '@/lib/query-client'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { AuthSnapshot } from '@machines/auth.machine'
import { isLocale } from '@/lib/locale'
import { loadAuth } from './loader'
import type { AreaNoticeCode } from '@/lib/area-notice'

export type Audience = 'client' | 'staff'

export class ProfileUnavailableError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'ProfileUnavailableError'
  }
}

type AuthModule = Awaited<ReturnType<typeof loadAuth>>

async function settledSnapshot({ whenSettled, auth }: AuthModule): Promise<AuthSnapshot> {
  let snapshot = await whenSettled()
  // A profile that failed to load gets one more try before the page gives up.
  if (snapshot.matches({ signedIn: { profile: 'failed' } })) {
    auth.reloadProfile()
    snapshot = await whenSettled()
  }
  return snapshot
}

export async function requireAudience(
  audience: Audience,
  { location, params }: { location: ParsedLocation; params: { lang?: string } },
) {
  const lang = isLocale(params.lang) ? params.lang : undefined
  // The role helpers come with the auth module, so the machine stays out of the public pages' bundle.
  const authModule = await loadAuth()
  const { isAdmin, isClient } = authModule
  const snapshot = await settledSnapshot(authModule)
  if (!snapshot.matches('signedIn')) {
    throw redirect({
      to: audience === 'client' ? '/{-$lang}/client-portal/login' : '/{-$lang}/admin/login',
      params: { lang },
      search: { redirect: location.href },
    })
  }
  const { profile, user } = snapshot.context
  if (!profile || !user) throw new ProfileUnavailableError(snapshot.context.error?.message ?? 'Profile unavailable')
  const allowed = audience === 'client' ? isClient(snapshot) : isAdmin(snapshot)
  if (!allowed) {
    // A wrong role goes home (the specification), told why there (AreaNotice on the home page).
    const notice: AreaNoticeCode | undefined =
      audience === 'staff' && isClient(snapshot)
        ? 'staff-only'
        : audience === 'client' && isAdmin(snapshot)
          ? 'clients-only'
          : undefined
    throw redirect({ to: '/{-$lang}', params: { lang }, search: notice ? { notice } : {} })
  }
  // The portal's and the admin area's data: their routes' loaders read it from the context.
  return { profile, user, queryClient: appQueryClient() }
}
