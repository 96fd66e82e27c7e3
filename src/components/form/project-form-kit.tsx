// What every staff form of a project's pages shares, whichever concept it writes (the project,
// its documents, reports, metrics, tasks, approvals): a save outcome (a confirmation, or a failure
// put on the field the database names, else on the form), focus moved to that message, the
// refresh of the project's lists after a write, and an inline "are you sure" for destructive
// buttons. Each form passes its concept's failures (the `…Failures` of its rules.ts).
import { useState, type ReactNode } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { TitledPanel } from '@/components/ui/titled-panel'
import {
  describeFailure,
  formFailure,
  genericSaveFailure,
  readFailure,
  staffFailures,
  staffNetworkFailure,
  withFailures,
  type Failure,
  type FailureCatalog,
  type Failures,
} from '@/lib/write-failure'
import { ConfirmButton } from '@/components/ui/confirm-button'
import { uploadMessages } from '@/lib/storage/upload-messages'
import { checkFile, UploadError } from '@/lib/storage/files'
import { adminProjectKeys } from '@/lib/query-keys'
import * as styles from './project-forms.css'
import type { Outcome } from './form-alert'
import { actionName } from '@/lib/action-name'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'

/** What a project's concept views need of the project they are shown in. */
export interface ProjectRef {
  id: string
  organization_id: string
  name: string
  visible_to_client: boolean
  organization: { name: string } | null
}

/**
 * The staff forms' catalog (their "not allowed", network and "could not be saved" sentences with
 * the concept's `failures`) over one form's fields: a failure the database names goes on its field
 * when the form has that field (`fields`; "file" is `fileField`), an upload's problem on
 * `fileField` when given; anything else is the form's message.
 */
export function staffFormFailures<F extends string>(
  fields: readonly F[],
  failures?: Failures,
  fileField?: F,
): FailureCatalog<F> {
  const catalog = withFailures<Failure>(staffFailures, failures ?? {})
  const onForm = ({ field, message }: Failure): Failure<F> => {
    const named = field === 'file' ? fileField : (field as F | null)
    return { field: named && fields.includes(named) ? named : null, message }
  }
  return {
    read: (error) =>
      onForm(
        error instanceof UploadError
          ? { field: 'file', message: uploadMessages[error.kind] }
          : readFailure(error, catalog),
      ),
    network: formFailure(staffNetworkFailure),
    fallback: formFailure(genericSaveFailure),
  }
}

/** Refreshes everything shown of one project (after any write to it). */
export function useInvalidateProject(projectId: string) {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: adminProjectKeys.project(projectId) })
}

/** The translated message for a failed action: an upload problem, or what the database said. */
export function useFailureText(failures?: Failures) {
  const { i18n } = useLingui()
  return (error: unknown): string =>
    error instanceof UploadError ? i18n._(uploadMessages[error.kind]) : i18n._(describeFailure(error, failures).message)
}

/** Where a project's list writes go: the project they refresh, its concept's failures and the list's outcome. */
export interface EntryWriteTarget {
  projectId: string
  failures: Failures
  setOutcome: (outcome: Outcome | null) => void
}

/**
 * A write to one entry of a project's lists (delete it, share it, publish it): says what was done
 * (`done`, when it says something) or why not, and refreshes the project's lists either way.
 */
export function useEntryWrite<Vars>(
  { projectId, failures, setOutcome }: EntryWriteTarget,
  write: (vars: Vars) => Promise<unknown>,
  done?: (vars: Vars) => string,
) {
  const invalidate = useInvalidateProject(projectId)
  const failureText = useFailureText(failures)
  return useMutation({
    mutationFn: write,
    onSuccess: done && ((_: unknown, vars: Vars) => setOutcome({ tone: 'info', text: done(vars) })),
    onError: (error) => setOutcome({ tone: 'error', text: failureText(error) }),
    onSettled: invalidate,
  })
}

/**
 * A project form's save, as `useRulesForm`'s options: a failure on the form's field or as its
 * message (`staffFormFailures`), and the project refreshed whatever came of it.
 */
export function useProjectSave<F extends string>(
  projectId: string,
  fields: readonly F[],
  failures?: Failures,
  fileField?: F,
) {
  return { failures: staffFormFailures(fields, failures, fileField), settled: useInvalidateProject(projectId) }
}

/**
 * A list with one entry form below it, which edits the chosen entry or creates a new one: the
 * form's key changes after each save so the next entry starts empty. The saved entry's message
 * goes to `onMessage` when the page shows it elsewhere (the plan's editors), else to `outcome`.
 */
export function useEntryEditor<T extends { id: string }>(onMessage?: (outcome: Outcome | null) => void) {
  const [editing, setEditing] = useState<T | null>(null)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const [round, setRound] = useState(0)
  return {
    editing,
    setEditing,
    outcome,
    setOutcome,
    formKey: editing?.id ?? `new-${round}`,
    done: (text: string) => {
      setEditing(null)
      setRound((value) => value + 1)
      const saved = { tone: 'info', text } as const
      if (onMessage) onMessage(saved)
      else setOutcome(saved)
    },
    cancel: () => setEditing(null),
  }
}

/** A react-hook-form check of a chosen file: present and within the bucket's rules. */
export function useFileCheck() {
  const { t, i18n } = useLingui()
  return (files: FileList | null): string | true => {
    const file = files?.[0]
    if (!file) return t`Choose a file to upload.`
    try {
      checkFile(file)
    } catch (failure) {
      if (failure instanceof UploadError) return i18n._(uploadMessages[failure.kind])
    }
    return true
  }
}

/** "Delete" for one row, asking first. */
export function DeleteButton({
  name,
  question,
  busy,
  onConfirm,
}: {
  name: string
  question: ReactNode
  busy: boolean
  onConfirm: () => void
}) {
  const { t, i18n } = useLingui()
  return (
    <ConfirmButton
      label={<Trans>Delete</Trans>}
      name={actionName(i18n, t`Delete`, name)}
      question={question}
      confirmLabel={<Trans>Yes, delete it</Trans>}
      busy={busy}
      onConfirm={onConfirm}
    />
  )
}

/** A form's buttons: save, and while editing an entry, "Cancel editing". */
export function EntryFormActions({
  busy,
  editing,
  onCancel,
  children,
}: {
  busy: boolean
  editing: boolean
  onCancel: () => void
  children: ReactNode
}) {
  return (
    <div className={styles.actions}>
      <SubmitButton busy={busy}>{children}</SubmitButton>
      {editing && (
        <button type="button" className={page.smallButton} onClick={onCancel}>
          <Trans>Cancel editing</Trans>
        </button>
      )}
    </div>
  )
}

export function OutcomeMessage({ outcome }: { outcome: Outcome<string | MessageDescriptor> | null }) {
  const { i18n } = useLingui()
  const ref = useFocusWhenShown(outcome)
  if (!outcome) return null
  return (
    <div
      ref={ref}
      tabIndex={-1}
      role={outcome.tone === 'error' ? 'alert' : 'status'}
      className={outcome.tone === 'error' ? page.errorPanel : page.panel}
    >
      {typeof outcome.text === 'string' ? outcome.text : i18n._(outcome.text)}
    </div>
  )
}

/** A titled block of a section (e.g. "Add a document"), a region named by its title. */
export const Panel = TitledPanel

export function SubmitButton({
  busy,
  children,
  busyLabel,
}: {
  busy: boolean
  children: ReactNode
  busyLabel?: ReactNode
}) {
  return (
    <button type="submit" className={layout.buttonPrimary} aria-disabled={busy || undefined}>
      {busy ? (busyLabel ?? <Trans>Saving...</Trans>) : children}
    </button>
  )
}

/** '' from a form means "no value" for the nullable columns. */
export function orNull(value: string): string | null {
  const trimmed = value.trim()
  return trimmed ? trimmed : null
}
