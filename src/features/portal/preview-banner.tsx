// The banner of a staff member's read-only preview of the portal ("view as client", decision
// 0022): whose portal this is, that nothing can be changed, and the way out. The preview is left
// by hand or, shortly before its token would need a refresh it does not have, by itself.
import { useEffect } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { refreshMarginMs } from '@machines/auth.rules'
import { leavePreview, type Preview } from '@/lib/view-as'
import * as styles from './preview-banner.css'

export function PreviewBanner({ preview }: { preview: Preview }) {
  const { t } = useLingui()
  useEffect(() => {
    // The auth machine would try to refresh the token refreshMarginMs before it expires.
    const endsInMs = preview.expiresAt * 1000 - refreshMarginMs - Date.now()
    const timer = setTimeout(() => leavePreview('expired'), Math.max(0, endsInMs))
    return () => clearTimeout(timer)
  }, [preview.expiresAt])
  const name = preview.fullName
  const organization = preview.organizationName
  return (
    <div className={styles.banner} role="region" aria-label={t`Preview as a client`} data-testid="preview-banner">
      <p className={styles.text}>
        <Trans>
          You are viewing the portal as {name} ({organization}). Read-only.
        </Trans>
      </p>
      <button type="button" className={styles.leave} onClick={() => leavePreview('left')}>
        <Trans>Leave preview</Trans>
      </button>
    </div>
  )
}
