// The portal entry for a browser with a session: the person's own area once the profile is known.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useAuthSelector } from '@/lib/auth/use-auth'
import { isAdmin } from '@machines/auth.machine'
import { useLangPrefix } from '@/lib/use-lang'
import type { PortalLinkProps } from './portal-link'

export default function SignedInPortalLink({
  className,
  onClick,
  signedOut,
}: PortalLinkProps & { signedOut: ReactNode }) {
  const lang = useLangPrefix()
  const signedIn = useAuthSelector((snapshot) => snapshot.matches('signedIn') && snapshot.context.profile !== null)
  const staff = useAuthSelector(isAdmin)
  if (!signedIn) return <>{signedOut}</>
  return (
    <Link
      to={staff ? '/{-$lang}/admin/dashboard' : '/{-$lang}/client-portal/dashboard'}
      params={{ lang }}
      className={className}
      onClick={onClick}
    >
      {staff ? <Trans>Admin dashboard</Trans> : <Trans>Client portal</Trans>}
    </Link>
  )
}
