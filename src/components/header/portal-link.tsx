// The site's one entry to the client portal (header, mobile menu, footer). Signed out, it leads
// to the sign-in; with a session in this browser it leads straight to the person's own area
// (clients to the portal, staff to the admin area), so a signed-in visitor never lands on a
// sign-in form. The signed-in part brings the auth module (and supabase-js): it loads only when
// this browser holds a session. The account menu and sign-out live in the areas' own shell.
import { lazy, Suspense } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { useAuthPresent } from '@/lib/auth/use-auth-present'

const SignedInPortalLink = lazy(() => import('./signed-in-portal-link'))

export interface PortalLinkProps {
  className: string
  onClick?: () => void
}

export function PortalLink(props: PortalLinkProps) {
  const lang = useLangPrefix()
  const signedOut = (
    <Link to="/{-$lang}/client-portal/login" params={{ lang }} className={props.className} onClick={props.onClick}>
      <Trans>Client portal</Trans>
    </Link>
  )
  if (!useAuthPresent()) return signedOut
  return (
    <Suspense fallback={signedOut}>
      <SignedInPortalLink {...props} signedOut={signedOut} />
    </Suspense>
  )
}
