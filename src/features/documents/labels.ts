// A document's categories, named in the person's language. Unknown codes fall back to the code
// itself (labelOf in src/lib/labels.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const documentCategoryLabels: Record<string, MessageDescriptor> = {
  deliverable: msg`Deliverable`,
  specification: msg`Specification`,
  data: msg`Data`,
  contract: msg`Contract`,
  other: msg`Other`,
}
