// Where a form would change something, a staff member's read-only preview of the portal shows
// this instead (decision 0022): the reason, not a control that could only fail.
import { Trans } from '@lingui/react/macro'
import * as page from './page.css'

export function PreviewNote() {
  return (
    <p className={page.mutedText} data-testid="preview-read-only">
      <Trans>This is a read-only preview of the client's portal: nothing can be changed here.</Trans>
    </p>
  )
}
