// Back in the admin area after a preview of a client's portal (decision 0022): the leaving is
// recorded in the activity log with the staff member's own session, and the page says the
// preview is over (by hand, or because its time was up).
import { useEffect, useRef, useState } from 'react'
import { Trans } from '@lingui/react/macro'
import { supabase } from '@/lib/supabase'
import { recordPreviewEnd, takeEndedPreview, type EndedPreview } from '@/lib/auth/view-as'
import * as page from '@/components/ui/page.css'

export function PreviewEnded() {
  const [ended] = useState<EndedPreview | null>(takeEndedPreview)
  // React may run the effect again for the same page (end_view_as records the leaving once anyway).
  const recorded = useRef(false)
  useEffect(() => {
    if (!ended || recorded.current) return
    recorded.current = true
    void supabase.auth.getSession().then(({ data }) => {
      // Not recorded only when the staff session itself is gone; the entering was recorded.
      if (data.session) return recordPreviewEnd(supabase, ended.userId).catch(() => undefined)
    })
  }, [ended])
  if (!ended) return null
  const name = ended.name
  return (
    <p className={page.panel} role="status" data-testid="preview-ended">
      {ended.reason === 'expired' ? (
        <Trans>
          The preview of the portal as {name} has ended: a preview lasts a limited time. Open it again if needed.
        </Trans>
      ) : (
        <Trans>You have left the preview of the portal as {name}.</Trans>
      )}
    </p>
  )
}
