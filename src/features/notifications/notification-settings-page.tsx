// The signed-in person's notification e-mails, the same screen in the portal and the admin area:
// per kind, at once, in the digest or not by e-mail, and how often the digest may come. In-app
// notifications are not affected. Row-level security lets a person read and save only their own.
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SelectField } from '@/components/form/field'
import { OutcomeAlert } from '@/components/form/form-alert'
import { useRulesForm } from '@/components/form/rules-form'
import * as formLayout from '@/components/ui/form-layout.css'
import * as layout from '@/components/ui/layout.css'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import { notificationKeys, notificationPreferencesQuery, saveNotificationPreferences } from './queries'
import {
  checkPreferences,
  defaultPreferences,
  digestFrequencies,
  emailChoices,
  preferenceFailures,
  preferenceKinds,
  preferencesOf,
  toPreferencesRow,
  type DigestFrequency,
  type EmailChoice,
  type PreferenceKind,
  type PreferencesInput,
} from './rules'
import * as styles from './notification-settings.css'

const kindLabels: Record<PreferenceKind, { label: MessageDescriptor; hint: MessageDescriptor }> = {
  messages: { label: msg`Conversation messages`, hint: msg`New messages in a project's conversation.` },
  mentions: { label: msg`Mentions`, hint: msg`Someone mentions you by name and awaits your answer.` },
  documents: { label: msg`Documents`, hint: msg`A document is shared or uploaded.` },
  reports: { label: msg`Reports`, hint: msg`A report is published.` },
  approvals: { label: msg`Approvals`, hint: msg`Approval requests, their reminders and their answers.` },
  tasks: { label: msg`Tasks`, hint: msg`A task is assigned to you.` },
  plan: {
    label: msg`Project plan`,
    hint: msg`A milestone is reached, or the time recorded reaches 80% or all of the hours or budget planned.`,
  },
}

/** Staff's follow-up reminders of leads follow their "Tasks" choice (decision 0038). */
const staffTasksHint = msg`A task is assigned to you, or the follow-up date of a lead assigned to you comes.`

const choiceLabels: Record<EmailChoice, MessageDescriptor> = {
  immediately: msg`Immediately`,
  digest: msg`In the digest`,
  off: msg`Not by e-mail`,
}

const frequencyLabels: Record<DigestFrequency, MessageDescriptor> = {
  soon: msg`Within minutes`,
  hourly: msg`At most once an hour`,
  daily: msg`At most once a day`,
  weekly: msg`At most once a week`,
}

export function NotificationSettingsPage() {
  const profile = useCurrentProfile()
  return profile ? <NotificationSettingsForm userId={profile.id} staff={profile.role !== 'client'} /> : null
}

function NotificationSettingsForm({ userId, staff }: { userId: string; staff: boolean }) {
  const { t, i18n } = useLingui()
  const queryClient = useQueryClient()
  const stored = useSuspenseQuery(notificationPreferencesQuery(userId)).data
  const { register, handleSubmit, reset, outcome, setOutcome, save, errors, isSubmitting } =
    useRulesForm<PreferencesInput>(checkPreferences, {
      defaultValues: preferencesOf(stored),
      // A value the table refused lands on its field, in the form's own words.
      failures: preferenceFailures,
    })

  const submit = handleSubmit(async (values) => {
    if (!(await save(() => saveNotificationPreferences(toPreferencesRow(userId, values))))) return
    await queryClient.invalidateQueries({ queryKey: notificationKeys.preferences(userId) })
    reset(values)
    setOutcome({ tone: 'info', text: t`Your notification preferences have been saved.` })
  })

  const choiceOptions = emailChoices.map((value) => ({ value, label: i18n._(choiceLabels[value]) }))

  return (
    <div className={styles.page}>
      <div>
        <h1 className={styles.title}>
          <Trans>Notification settings</Trans>
        </h1>
        <p className={styles.lead}>
          <Trans>
            Choose which notifications also reach you by e-mail, and how often your digest may come. You will still find
            every notification on the Notifications page.
          </Trans>
        </p>
      </div>
      <form className={formLayout.formPanel} onSubmit={(event) => void submit(event)} noValidate>
        <OutcomeAlert outcome={outcome} />
        <fieldset className={styles.fieldset}>
          <legend className={styles.legend}>
            <Trans>E-mail for each kind of notification</Trans>
          </legend>
          <div className={formLayout.formGrid}>
            {preferenceKinds.map((kind) => (
              <SelectField
                key={kind}
                label={i18n._(kindLabels[kind].label)}
                hint={i18n._(staff && kind === 'tasks' ? staffTasksHint : kindLabels[kind].hint)}
                options={choiceOptions}
                error={errors[kind]?.message}
                {...register(kind)}
              />
            ))}
          </div>
        </fieldset>
        <SelectField
          label={t`How often the digest may come`}
          hint={t`The digest gathers the notifications you have not read yet; "Within minutes" brings together what arrives close together. After a quiet spell, the first news arrives at once.`}
          options={digestFrequencies.map((value) => ({ value, label: i18n._(frequencyLabels[value]) }))}
          error={errors.digestFrequency?.message}
          {...register('digestFrequency')}
        />
        <div className={styles.actions}>
          <button type="submit" className={layout.buttonPrimary} disabled={isSubmitting}>
            {isSubmitting ? <Trans>Saving...</Trans> : <Trans>Save preferences</Trans>}
          </button>
          <button
            type="button"
            className={layout.buttonSecondary}
            disabled={isSubmitting}
            onClick={() => {
              setOutcome(null)
              reset(defaultPreferences, { keepDefaultValues: true })
            }}
          >
            <Trans>Restore the defaults</Trans>
          </button>
        </div>
      </form>
    </div>
  )
}
