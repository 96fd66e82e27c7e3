// What staff can do to one account from a list: send the invitation again while it has not been
// accepted, deactivate or reactivate it, and remove a client's two-step verification when they
// lost their authenticator, the last two after a confirmation step. The confirmation takes the
// focus when it opens and gives it back to its button when cancelled.
import { useEffect, useRef, useState } from 'react'
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Outcome } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import { formatDateTime } from '@/lib/format'
import * as page from '@/components/ui/page.css'
import { adminKeys } from '@/lib/query-keys'
import { accountFailure, adminUsers } from './api'
import type { ManagedUser } from './queries'
import * as styles from './clients.css'
import { ViewAsButton } from './view-as-button'

interface Props {
  user: ManagedUser
  /** The lists to refresh after a change. */
  invalidate: QueryKey[]
  onOutcome: (outcome: Outcome) => void
}

type Action = 'resend' | 'deactivate' | 'reactivate' | 'remove_factors'
/** Which confirmation is open. */
type Confirming = 'toggle' | 'factors' | null

/** When a user last signed in, or "Never". */
export function LastSignIn({ at }: { at: string | null }) {
  const { i18n } = useLingui()
  return at ? formatDateTime(at, i18n.locale) : <Trans>Never</Trans>
}

export function UserActions({ user, invalidate, onOutcome }: Props) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const [confirming, setConfirming] = useState<Confirming>(null)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const toggleRef = useRef<HTMLButtonElement>(null)
  const factorsRef = useRef<HTMLButtonElement>(null)
  const wasConfirming = useRef<Confirming>(null)
  const name = user.full_name || user.email || ''

  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
    else if (wasConfirming.current === 'toggle') toggleRef.current?.focus()
    else if (wasConfirming.current === 'factors') factorsRef.current?.focus()
    wasConfirming.current = confirming
  }, [confirming])

  const mutation = useMutation({
    mutationFn: (action: Action) => adminUsers({ action, user_id: user.id }),
    onSuccess: async (_data, action) => {
      setConfirming(null)
      const email = user.email ?? ''
      const texts: Record<Action, string> = {
        resend: t`The invitation has been sent again to ${email}.`,
        deactivate: t`${name} has been deactivated and can no longer sign in.`,
        reactivate: t`${name} has been reactivated and can sign in again.`,
        remove_factors: t`Two-step verification of ${name} was removed. They can sign in with their password and have been told by e-mail.`,
      }
      onOutcome({ tone: 'info', text: texts[action] })
      await Promise.all([
        ...invalidate.map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        queryClient.invalidateQueries({ queryKey: adminKeys.overview() }),
      ])
    },
    onError: (error) => {
      setConfirming(null)
      onOutcome({ tone: 'error', text: i18n._(accountFailure(error).message) })
    },
  })

  const busy = mutation.isPending
  const activating = user.status === 'deactivated'
  const canResetFactors = user.role === 'client' && user.status === 'active'
  const cancel = () => setConfirming(null)

  return (
    <div className={styles.actionCell}>
      {!confirming && canResetFactors && <ViewAsButton user={user} onOutcome={onOutcome} />}
      {user.status === 'invited' && (
        <button type="button" className={page.smallButton} disabled={busy} onClick={() => mutation.mutate('resend')}>
          <Trans>
            Resend invitation<span className={layout.visuallyHidden}> to {name}</span>
          </Trans>
        </button>
      )}
      {!confirming && canResetFactors && (
        <button
          ref={factorsRef}
          type="button"
          className={page.smallButton}
          disabled={busy}
          onClick={() => setConfirming('factors')}
        >
          <Trans>
            Remove two-step verification<span className={layout.visuallyHidden}> of {name}</span>
          </Trans>
        </button>
      )}
      {confirming === 'factors' && (
        <ConfirmGroup
          label={t`Remove two-step verification of ${name}`}
          busy={busy}
          onCancel={cancel}
          question={
            <Trans>
              Remove every authenticator app of {name}? Do this only after checking that it is really them, for example
              by calling them back. They will then sign in with their password alone and be told by e-mail.
            </Trans>
          }
          confirm={
            <button
              ref={confirmRef}
              type="button"
              className={page.smallButton}
              disabled={busy}
              onClick={() => mutation.mutate('remove_factors')}
            >
              <Trans>Yes, remove it</Trans>
            </button>
          }
        />
      )}
      {!confirming && (
        <button
          ref={toggleRef}
          type="button"
          className={page.smallButton}
          disabled={busy}
          onClick={() => setConfirming('toggle')}
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
      {confirming === 'toggle' && (
        <ConfirmGroup
          label={activating ? t`Reactivate ${name}` : t`Deactivate ${name}`}
          busy={busy}
          onCancel={cancel}
          question={
            activating ? (
              <Trans>Reactivate {name}? They will be able to sign in again.</Trans>
            ) : (
              <Trans>Deactivate {name}? They will be signed out and unable to sign in until reactivated.</Trans>
            )
          }
          confirm={
            <button
              ref={confirmRef}
              type="button"
              className={page.smallButton}
              disabled={busy}
              onClick={() => mutation.mutate(activating ? 'reactivate' : 'deactivate')}
            >
              {activating ? <Trans>Yes, reactivate</Trans> : <Trans>Yes, deactivate</Trans>}
            </button>
          }
        />
      )}
    </div>
  )
}

/** A confirmation step: the question, the confirming button, Cancel; Escape cancels too. */
function ConfirmGroup({
  label,
  question,
  confirm,
  busy,
  onCancel,
}: {
  label: string
  question: React.ReactNode
  confirm: React.ReactNode
  busy: boolean
  onCancel: () => void
}) {
  return (
    <div
      className={styles.confirm}
      role="group"
      aria-label={label}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy) onCancel()
      }}
    >
      <p className={styles.confirmText}>{question}</p>
      <div className={styles.actionCell}>
        {confirm}
        <button type="button" className={page.smallButton} disabled={busy} onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
    </div>
  )
}
