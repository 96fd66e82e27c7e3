// What staff can do to one account from a list: send the invitation again while it has not been
// accepted, and deactivate or reactivate it after a confirmation step. The confirmation takes the
// focus when it opens and gives it back to the button when cancelled.
import { useEffect, useRef, useState } from 'react'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { FormAlert } from '../../../components/form/field'
import * as layout from '../../../components/ui/layout.css'
import { useFocusWhenShown } from '../../portal/account-section'
import { formatDateTime } from '../../portal/format'
import * as page from '../../portal/portal-pages.css'
import { adminKeys } from '../queries'
import { adminUsers, failureOf } from './api'
import type { ManagedUser } from './queries'
import * as styles from './clients.css'

export interface Outcome {
  tone: 'info' | 'error'
  text: string
}

interface Props {
  user: ManagedUser
  /** The lists to refresh after a change. */
  invalidate: QueryKey[]
  onOutcome: (outcome: Outcome) => void
}

type Action = 'resend' | 'deactivate' | 'reactivate'

/** The outcome of the last action on a user: announced, and focused when it appears. */
export function OutcomeAlert({ outcome }: { outcome: Outcome | null }) {
  const ref = useFocusWhenShown(outcome)
  if (!outcome) return null
  return (
    <FormAlert ref={ref} tone={outcome.tone}>
      {outcome.text}
    </FormAlert>
  )
}

/** When a user last signed in, or "Never". */
export function LastSignIn({ at }: { at: string | null }) {
  const { i18n } = useLingui()
  return at ? formatDateTime(at, i18n.locale) : <Trans>Never</Trans>
}

export function UserActions({ user, invalidate, onOutcome }: Props) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef(false)
  const name = user.full_name || user.email || ''

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
    else if (wasConfirming.current) toggleRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])

  const mutation = useMutation({
    mutationFn: (action: Action) => adminUsers({ action, user_id: user.id }),
    onSuccess: async (_data, action) => {
      setConfirming(false)
      const email = user.email ?? ''
      onOutcome({
        tone: 'info',
        text:
          action === 'resend'
            ? t`The invitation has been sent again to ${email}.`
            : action === 'deactivate'
              ? t`${name} has been deactivated and can no longer sign in.`
              : t`${name} has been reactivated and can sign in again.`,
      })
      await Promise.all([
        ...invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ])
    },
    onError: (error) => {
      setConfirming(false)
      onOutcome({ tone: 'error', text: i18n._(failureOf(error).message) })
    },
  })

  const busy = mutation.isPending
  const activating = user.status === 'deactivated'

  return (
    <div className={styles.actionCell}>
      {user.status === 'invited' && (
        <button type="button" className={page.smallButton} disabled={busy} onClick={() => mutation.mutate('resend')}>
          <Trans>
            Resend invitation<span className={layout.visuallyHidden}> to {name}</span>
          </Trans>
        </button>
      )}
      {!confirming && (
        <button
          ref={toggleRef}
          type="button"
          className={page.smallButton}
          disabled={busy}
          onClick={() => setConfirming(true)}
        >
          {activating ? (
            <Trans>
              Reactivate<span className={layout.visuallyHidden}> {name}</span>
            </Trans>
          ) : (
            <Trans>
              Deactivate<span className={layout.visuallyHidden}> {name}</span>
            </Trans>
          )}
        </button>
      )}
      {confirming && (
        <div
          className={styles.confirm}
          role="group"
          aria-label={activating ? t`Reactivate ${name}` : t`Deactivate ${name}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape' && !busy) setConfirming(false)
          }}
        >
          <p className={styles.confirmText}>
            {activating ? (
              <Trans>Reactivate {name}? They will be able to sign in again.</Trans>
            ) : (
              <Trans>Deactivate {name}? They will be signed out and unable to sign in until reactivated.</Trans>
            )}
          </p>
          <div className={styles.actionCell}>
            <button
              ref={confirmRef}
              type="button"
              className={page.smallButton}
              disabled={busy}
              onClick={() => mutation.mutate(activating ? 'reactivate' : 'deactivate')}
            >
              {activating ? <Trans>Yes, reactivate</Trans> : <Trans>Yes, deactivate</Trans>}
            </button>
            <button type="button" className={page.smallButton} disabled={busy} onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
    </div>
  )
}
