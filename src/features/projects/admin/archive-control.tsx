// Archiving a project and bringing it back (staff): a write of its archived_at through the API,
// with the outcome said beside the button.
import { useState } from 'react'
import { useMutation } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import * as page from '@/components/ui/page.css'
import * as styles from '@/components/form/project-forms.css'
import { OutcomeMessage, useFailureText } from '@/components/form/project-form-kit'
import type { Outcome } from '@/components/form/form-alert'
import { projectFailures } from '../rules'
import { setProjectArchived } from './api'
import type { AdminProject } from './queries'
import { PendingButton } from '@/components/ui/pending-button'

/** Archive the project (hidden from the current list, nothing deleted) or bring it back, and say so. */
export function ArchiveControl({ project, onChanged }: { project: AdminProject; onChanged: () => Promise<unknown> }) {
  const { t } = useLingui()
  const failureText = useFailureText(projectFailures)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const archived = project.archived_at !== null
  const mutation = useMutation({
    mutationFn: (archive: boolean) => setProjectArchived(project.id, archive),
    onSuccess: (_, archive) =>
      setOutcome({
        tone: 'info',
        text: archive
          ? t`The project has been archived. It no longer appears in the current projects.`
          : t`The project is current again.`,
      }),
    onError: (error) => setOutcome({ tone: 'error', text: failureText(error) }),
    onSettled: onChanged,
  })
  return (
    <div className={styles.panel}>
      <h3 className={styles.panelTitle}>{archived ? <Trans>Archived project</Trans> : <Trans>Archive</Trans>}</h3>
      <p className={page.text}>
        {archived ? (
          <Trans>
            This project is archived: it is hidden from the current projects list. The client can still read it and
            everything shared in it.
          </Trans>
        ) : (
          <Trans>
            Archiving hides the project from the current projects list without deleting anything. The client can still
            read it and everything shared in it.
          </Trans>
        )}
      </p>
      <OutcomeMessage outcome={outcome} />
      <div className={styles.actions}>
        <PendingButton
          className={page.smallButton}
          pending={mutation.isPending}
          onClick={() => mutation.mutate(!archived)}
        >
          {archived ? <Trans>Restore project</Trans> : <Trans>Archive project</Trans>}
        </PendingButton>
      </div>
    </div>
  )
}
