// "View as client" on an active client user (decision 0022): asks the view-as function for a
// read-only preview as the signed-in staff member and opens the portal as that person in this tab.
// The staff session stays where it is (localStorage); the preview lives in this tab only. The
// portal opens in the client's language (their profile's), as they would see it.
import { useState } from 'react'
import { useRouter } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { supabase } from '@/lib/supabase'
import { clientPortalLocale, PreviewError, startPreview } from '@/lib/auth/view-as'
import * as page from '@/components/ui/page.css'
import type { ManagedUser } from './queries'
import type { Outcome } from '@/components/form/form-alert'
import { actionName } from '@/lib/action-name'

export function ViewAsButton({ user, onOutcome }: { user: ManagedUser; onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useLingui()
  const router = useRouter()
  const [busy, setBusy] = useState(false)
  const name = user.full_name || user.email || ''

  async function open() {
    setBusy(true)
    try {
      // The portal as the client reads it, in their language; the banner keeps the staff member's.
      const staffLocale = clientPortalLocale(i18n.locale, 'es')
      const clientLocale = clientPortalLocale(user.locale, staffLocale)
      const portal = router.buildLocation({
        to: '/{-$lang}/client-portal/dashboard',
        params: { lang: clientLocale },
      }).href
      const here = router.state.location.href
      await startPreview(supabase, user.id, portal, here, { staff: staffLocale, client: clientLocale })
    } catch (error) {
      setBusy(false)
      const status = error instanceof PreviewError ? error.status : 0
      onOutcome({
        tone: 'error',
        text:
          status === 404
            ? t`${name} has no active client account, so the portal cannot be shown as them.`
            : status === 403 || status === 401
              ? t`Only staff signed in with their second factor can view the portal as a client.`
              : status === 503
                ? t`Viewing the portal as a client is not set up on this site.`
                : t`The preview could not be opened. Please check your connection and try again.`,
      })
    }
  }

  return (
    <button
      type="button"
      className={page.smallButton}
      disabled={busy}
      aria-label={actionName(i18n, t`View as client`, name)}
      onClick={() => void open()}
    >
      <Trans>View as client</Trans>
    </button>
  )
}
