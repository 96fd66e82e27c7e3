// A report's types, named in the person's language. Unknown codes fall back to the code
// itself (labelOf in src/lib/labels.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const reportTypeLabels: Record<string, MessageDescriptor> = {
  weekly: msg`Weekly`,
  monthly: msg`Monthly`,
  quarterly: msg`Quarterly`,
  milestone: msg`Milestone`,
  final: msg`Final`,
  ad_hoc: msg`Ad hoc`,
}
