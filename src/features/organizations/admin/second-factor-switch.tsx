// Whether this organization's portal users must use two-step verification (decision 0037). The
// rule is the database's: with the switch on, a client without an aal2 session sees none of the
// organization's data, and the portal asks them to set up an authenticator first.
import { useState } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { organizationFailure, setSecondFactorRequired } from './api'
import { clientKeys, type Organization } from './queries'

const msgRequired = msg`Two-step verification is now required for this organization’s users.`
const msgOptional = msg`Two-step verification is now optional for this organization’s users.`

export function SecondFactorSwitch({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome<MessageDescriptor> | null>(null)
  const required = organization.second_factor_required
  const change = useMutation({
    mutationFn: (next: boolean) => setSecondFactorRequired(organization.id, next),
    onSuccess: async (_saved, next) => {
      await queryClient.invalidateQueries({ queryKey: clientKeys.all() })
      setOutcome({ tone: 'info', text: next ? msgRequired : msgOptional })
    },
    onError: (error) => setOutcome({ tone: 'error', text: organizationFailure(error).message }),
  })

  return (
    <section className={page.section} aria-labelledby="second-factor-title">
      <h2 id="second-factor-title" className={page.sectionTitle}>
        <Trans>Two-step verification</Trans>
      </h2>
      <p className={page.text} data-testid="second-factor-state">
        {required ? (
          <Trans>
            Required: this organization’s users see its projects only after entering a code from an authenticator app.
            Those without one are asked to set it up when they next open the portal.
          </Trans>
        ) : (
          <Trans>Optional: this organization’s users may turn on two-step verification on their account page.</Trans>
        )}
      </p>
      <OutcomeAlert outcome={outcome} />
      <div className={page.actions}>
        <button
          type="button"
          className={layout.buttonSecondary}
          disabled={change.isPending}
          onClick={() => {
            setOutcome(null)
            change.mutate(!required)
          }}
        >
          {required ? (
            <Trans>Stop requiring two-step verification</Trans>
          ) : (
            <Trans>Require two-step verification</Trans>
          )}
        </button>
      </div>
    </section>
  )
}
