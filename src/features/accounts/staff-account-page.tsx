// The staff member's own account: name and contact details, language, password, two-step
// verification and passkeys (a second factor for staff only, decision 0034), built from the client portal's account sections (the same forms, rules and
// messages; row-level security lets every user change their own non-role fields).
import { Trans } from '@lingui/react/macro'
import { AccountSections } from './account-page'
import { PasskeySection } from './account-passkeys'

export function StaffAccountPage() {
  return (
    <AccountSections
      audience="staff"
      lead={
        <Trans>
          Your details, language, password and two-step verification. Staff accounts should always use two-step
          verification.
        </Trans>
      }
      more={<PasskeySection />}
    />
  )
}
