// The firm's team. Everyone on staff sees who is on it, with roles and account states; only a
// super_admin invites staff, changes roles (never their own) and deactivates or reactivates a
// colleague. An admin sees the roles as text and is told why; the database refuses them anyway.
import { useEffect, useId, useRef, useState } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import * as page from '@/components/ui/page.css'
import { InviteForm } from './invite-form'
import { languageName, roleLabels, staffRoles, type StaffRole } from './labels'
import type { ManagedUser } from './queries'
import { LastSignIn, UserActions } from './user-actions'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import { UserStatusBadge } from './user-status'
import * as styles from './clients.css'
import { changeRole, roleFailure, staffQuery, teamKeys } from './team-queries'
import { DataTable } from '@/components/ui/data-table'
import { PendingButton } from '@/components/ui/pending-button'

export function TeamPage() {
  const { t, i18n } = useLingui()
  const profile = useCurrentProfile()
  const { data: staff } = useSuspenseQuery(staffQuery())
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const isSuperAdmin = profile?.role === 'super_admin' && profile.is_active
  const invalidate = [teamKeys.staff()]

  return (
    <div className={page.page}>
      <header className={page.pageHeader}>
        <h1 className={page.pageTitle}>
          <Trans>Team</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>The firm's staff and what each of them may do in the admin area.</Trans>
        </p>
      </header>
      {!isSuperAdmin && (
        <p className={styles.explanation} data-testid="roles-read-only">
          <Trans>
            You can see the team, but only a super admin can invite staff, change roles or deactivate a colleague. If
            someone's access needs to change, ask a super admin.
          </Trans>
        </p>
      )}

      <section className={page.section} aria-labelledby="staff-title">
        <h2 id="staff-title" className={page.sectionTitle}>
          <Trans>Staff</Trans>
        </h2>
        <p className={page.mutedText}>
          <Trans>An admin manages clients, projects and leads. A super admin can also manage the team and roles.</Trans>
        </p>
        <OutcomeAlert outcome={outcome} />
        <DataTable
          labelledBy="staff-title"
          rows={staff}
          rowKey={(member) => member.id}
          rowAttributes={(member) => ({ 'data-user': member.email ?? member.id })}
          columns={[
            {
              key: 'name',
              header: t`Name`,
              rowHeader: true,
              cell: (member) => (
                <>
                  {member.full_name || '—'}
                  {member.id === profile?.id && (
                    <span className={page.meta}>
                      <Trans>(you)</Trans>
                    </span>
                  )}
                  <span className={page.meta}>{languageName(i18n, member.locale)}</span>
                </>
              ),
            },
            { key: 'email', header: t`E-mail`, breakWords: true, cell: (member) => member.email },
            {
              key: 'role',
              header: t`Role`,
              // a select and its button: the card's whole width
              wide: isSuperAdmin,
              cell: (member) =>
                isSuperAdmin && member.id !== profile?.id ? (
                  <RoleEditor member={member} onOutcome={setOutcome} />
                ) : (
                  <span data-role={member.role}>{i18n._(roleLabels[member.role] ?? roleLabels.admin!)}</span>
                ),
            },
            { key: 'status', header: t`Status`, cell: (member) => <UserStatusBadge status={member.status} /> },
            { key: 'last', header: t`Last sign-in`, cell: (member) => <LastSignIn at={member.last_sign_in_at} /> },
            isSuperAdmin && {
              key: 'actions',
              header: t`Actions`,
              actions: true,
              cell: (member) =>
                member.id !== profile?.id && (
                  <UserActions user={member} invalidate={invalidate} onOutcome={setOutcome} />
                ),
            },
          ]}
        />
      </section>

      {isSuperAdmin && (
        <section className={page.section} aria-labelledby="invite-staff-title">
          <InviteForm target={{ kind: 'staff' }} invalidate={invalidate} headingLevel={2} />
        </section>
      )}
    </div>
  )
}

function RoleEditor({ member, onOutcome }: { member: ManagedUser; onOutcome: (outcome: Outcome) => void }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const id = useId()
  const current = member.role as StaffRole
  const [role, setRole] = useState<StaffRole>(current)
  // Promotion to super admin hands over the team itself, so it is confirmed, naming what it grants.
  const [confirming, setConfirming] = useState(false)
  const confirmRef = useRef<HTMLButtonElement>(null)
  const selectRef = useRef<HTMLSelectElement>(null)
  const questionId = useId()
  useEffect(() => {
    if (confirming) confirmRef.current?.focus()
  }, [confirming])
  const name = member.full_name || member.email || ''
  const mutation = useMutation({
    mutationFn: (next: StaffRole) => changeRole(member.id, next),
    onSuccess: async (_data, next) => {
      setConfirming(false)
      const label = i18n._(roleLabels[next]!)
      onOutcome({ tone: 'info', text: t`${name} is now ${label}.` })
      await queryClient.invalidateQueries({ queryKey: teamKeys.staff() })
    },
    onError: (error) => {
      setConfirming(false)
      setRole(current)
      onOutcome({ tone: 'error', text: i18n._(roleFailure(error).message) })
    },
  })

  return (
    <form
      className={styles.roleForm}
      onSubmit={(event) => {
        event.preventDefault()
        if (role === current) return
        if (role === 'super_admin') setConfirming(true)
        else mutation.mutate(role)
      }}
    >
      <label htmlFor={id} className={layout.visuallyHidden}>
        <Trans>Role of {name}</Trans>
      </label>
      <select
        ref={selectRef}
        id={id}
        className={styles.roleSelect}
        value={role}
        onChange={(event) => {
          setConfirming(false)
          setRole(event.target.value as StaffRole)
        }}
        disabled={mutation.isPending}
      >
        {staffRoles.map((option) => (
          <option key={option} value={option}>
            {i18n._(roleLabels[option]!)}
          </option>
        ))}
      </select>
      {!confirming && (
        <button type="submit" className={page.smallButton} disabled={mutation.isPending || role === current}>
          <Trans>
            Change role<span className={layout.visuallyHidden}> of {name}</span>
          </Trans>
        </button>
      )}
      {confirming && (
        <div role="group" aria-labelledby={questionId} className={styles.confirmPromotion}>
          <p id={questionId} className={page.text}>
            <Trans>
              Make {name} a super admin? A super admin can also invite staff, change anyone’s role (including making
              more super admins) and deactivate or reactivate colleagues.
            </Trans>
          </p>
          <div className={styles.actions}>
            <PendingButton
              ref={confirmRef}
              className={page.smallButton}
              pending={mutation.isPending}
              onClick={() => mutation.mutate('super_admin')}
            >
              <Trans>Yes, make {name} a super admin</Trans>
            </PendingButton>
            <button
              type="button"
              className={page.smallButton}
              onClick={() => {
                setConfirming(false)
                setRole(current)
                requestAnimationFrame(() => selectRef.current?.focus())
              }}
            >
              <Trans>Cancel</Trans>
            </button>
          </div>
        </div>
      )}
    </form>
  )
}
