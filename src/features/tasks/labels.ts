// A task's priorities, named in the person's language. Unknown codes fall back to the code
// itself (labelOf in src/lib/labels.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const taskPriorityLabels: Record<string, MessageDescriptor> = {
  low: msg`Low`,
  medium: msg`Medium`,
  high: msg`High`,
  urgent: msg`Urgent`,
}
