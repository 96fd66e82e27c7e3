// An approver's answers, named in the person's language. Unknown codes fall back to the code
// itself (labelOf in src/lib/labels.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const approvalDecisionLabels: Record<string, MessageDescriptor> = {
  approved: msg`Approved`,
  changes_requested: msg`Asked for changes`,
}
