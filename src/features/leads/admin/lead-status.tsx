// A lead's status as a badge: its name in words, the colour only as a second cue.
import { useLingui } from '@lingui/react/macro'
import { labelOf } from '@/lib/labels'
import * as page from '@/components/ui/page.css'
import { leadStatusLabels, leadStatusTone } from './labels'
import { isLeadStatus } from './search'

export function LeadStatusBadge({ status }: { status: string }) {
  const { i18n } = useLingui()
  const tone = isLeadStatus(status) ? leadStatusTone[status] : 'neutral'
  return (
    <span className={page.badge[tone]} data-status={status}>
      {labelOf(i18n, leadStatusLabels, status)}
    </span>
  )
}
