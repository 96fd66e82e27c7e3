// The footer's "Client portal" for a signed-in person: straight to their area (the portal for a
// client, the admin dashboard for staff) rather than to a sign-in form they do not need. Loaded
// only when this browser holds a session, since it brings supabase-js; signed out, it shows the
// sign-in link it was given.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useAuthSelector } from '@/auth/use-auth'
import { isAdmin } from '@machines/auth.machine'
import { useLangPrefix } from '@/lib/use-lang'

export default function FooterPortalLink({ className, signedOut }: { className: string; signedOut: ReactNode }) {
  const lang = useLangPrefix()
  const signedIn = useAuthSelector((snapshot) => snapshot.matches('signedIn'))
  const staff = useAuthSelector(isAdmin)
  if (!signedIn) return <>{signedOut}</>
  return (
    <Link
      className={className}
      to={staff ? '/{-$lang}/admin/dashboard' : '/{-$lang}/client-portal/dashboard'}
      params={{ lang }}
    >
      <Trans>Client portal</Trans>
    </Link>
  )
}
