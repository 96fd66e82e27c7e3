// Route guards, as TanStack Router beforeLoads. They wait for the auth actor to settle, send a
// visitor without a session to the matching login (remembering where they were going), and a
// user with the wrong role home, saying why. They shape the experience; row-level security is
// the boundary.
import { appQueryClient } from '@/lib/query-client'
import { redirect, type ParsedLocation } from '@tanstack/react-router'
import type { AuthSnapshot } from '@machines/auth.machine'
import { isLocale } from '@/lib/locale'
import { loadAuth } from './loader'
import { prepareFormatters } from '@/lib/format'
import { i18n } from '@lingui/core'
import type { AreaNoticeCode } from './area-notice'
import type { SecondFactorRequirement } from './queries'

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
  prepareFormatters(i18n.locale)
  // The role helpers come with the auth module, so the machine stays out of the public pages' bundle.
  const authModule = await loadAuth()
  const { isAdmin, isClient } = authModule
  // The second-factor question goes out beside the profile's request, not after it: one round
  // trip before the route's data instead of two (the query cache shares the answer below).
  void authModule.whenUserKnown().then((early) => {
    if (early.matches('signedIn')) void requirementOf(authModule, early)
  })
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
  // A required second factor not yet set up: the enrolment first, then back here. (With one set
  // up, an aal1 session never gets this far: the auth machine asks for the code step.)
  if ((await requirementOf(authModule, snapshot)) === 'enrol') {
    throw redirect({ to: '/{-$lang}/second-factor', params: { lang }, search: { redirect: location.href } })
  }
  // The portal's and the admin area's data: their routes' loaders read it from the context.
  return { profile, user, queryClient: appQueryClient() }
}

/**
 * What the database requires of this session (decision 0037). The rule itself is in SQL: if the
 * question cannot be asked, the page opens and row-level security shows it nothing it may not.
 */
async function requirementOf(
  { currentAssurance, secondFactorRequirementQuery }: AuthModule,
  snapshot: AuthSnapshot,
): Promise<SecondFactorRequirement> {
  const { user, session } = snapshot.context
  if (!user) return 'none'
  return appQueryClient()
    .fetchQuery(secondFactorRequirementQuery(user.id, currentAssurance(session) ?? 'aal1'))
    .catch(() => 'none' as const)
}

/**
 * The enrolment page's guard: only for a signed-in person who must still set up a second factor;
 * anyone else goes on to where they were going (or to their area), a visitor to the home page.
 */
export async function requireEnrolmentPending({
  params,
  search,
}: {
  params: { lang?: string }
  search: { redirect?: string }
}) {
  const lang = isLocale(params.lang) ? params.lang : undefined
  const authModule = await loadAuth()
  const snapshot = await settledSnapshot(authModule)
  if (!snapshot.matches('signedIn') || !snapshot.context.user) throw redirect({ to: '/{-$lang}', params: { lang } })
  if ((await requirementOf(authModule, snapshot)) === 'enrol') return { audience: audienceOf(authModule, snapshot) }
  throw continueTo(search.redirect, audienceOf(authModule, snapshot), lang)
}

function audienceOf({ isAdmin }: AuthModule, snapshot: AuthSnapshot): Audience {
  return isAdmin(snapshot) ? 'staff' : 'client'
}

/** Where the person was going, else their area's home. */
function continueTo(target: string | undefined, audience: Audience, lang: string | undefined) {
  if (target) return redirect({ href: target })
  return audience === 'staff'
    ? redirect({ to: '/{-$lang}/admin/dashboard', params: { lang } })
    : redirect({ to: '/{-$lang}/client-portal/dashboard', params: { lang } })
}
