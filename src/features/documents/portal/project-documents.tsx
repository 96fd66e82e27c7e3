// A project's documents: the list (download through a short-lived signed URL; replace or delete
// one's own uploads) and the upload form (upload-form.tsx).
import { useState } from 'react'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import { formatDate } from '@/lib/format'
import { useOpenDocument } from '@/lib/storage/use-open-document'
import { EmptyState } from '@/components/ui/page-kit'
import { projectDocumentsQuery } from '@/features/documents/portal/queries'
import { projectKeys } from '@/lib/query-keys'
import * as styles from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { OwnUploadActions } from './own-upload-actions'
import type { Outcome } from '@/components/form/form-alert'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { activePreview } from '@/lib/auth/view-as'
import { PreviewNote } from '@/components/ui/preview-note'
import { actionName } from '@/lib/action-name'
import { useDocumentColumns } from '../document-columns'
import { UploadForm } from './upload-form'
import { PendingButton } from '@/components/ui/pending-button'

export function DocumentsSection({
  projectId,
  projectName,
  organizationId,
}: {
  projectId: string
  projectName: string
  organizationId: string
}) {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const { data: documents } = useSuspenseQuery(projectDocumentsQuery(profile.id, projectId))
  const documentColumns = useDocumentColumns<(typeof documents)[number]>()
  const download = useOpenDocument()
  const queryClient = useQueryClient()
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const preview = activePreview()
  // A deleted row takes its focused button with it: the message about it gets the focus instead.
  const outcomeRef = useFocusWhenShown(outcome)
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: projectKeys.documents(profile.id, projectId) }),
      queryClient.invalidateQueries({ queryKey: projectKeys.activity(profile.id, projectId) }),
    ])

  return (
    <>
      <div ref={outcomeRef} tabIndex={-1} role={outcome?.tone === 'error' ? 'alert' : 'status'}>
        {outcome && <p className={outcome.tone === 'error' ? styles.inlineError : styles.text}>{outcome.text}</p>}
      </div>
      {download.error && (
        <p className={styles.inlineError} role="alert">
          {download.error}
        </p>
      )}
      {documents.length === 0 ? (
        <EmptyState>
          <Trans>No documents have been shared in this project yet.</Trans>
        </EmptyState>
      ) : (
        <DataTable
          caption={<Trans>Documents of {projectName}</Trans>}
          rows={documents}
          rowKey={(document) => document.id}
          rowAttributes={(document) => ({ 'data-document-id': document.id })}
          columns={[
            {
              key: 'name',
              header: t`Name`,
              rowHeader: true,
              cell: (document) => (
                <>
                  <span className={styles.itemTitle}>{document.name}</span>
                  {document.description && <p className={styles.mutedText}>{document.description}</p>}
                  {document.uploaded_by === profile.id && (
                    <p className={styles.mutedText}>
                      <Trans>Uploaded by you</Trans>
                    </p>
                  )}
                  {document.version > 1 && (
                    <p className={styles.mutedText}>
                      <Trans>Version {document.version}</Trans>
                    </p>
                  )}
                </>
              ),
            },
            ...documentColumns,
            {
              key: 'date',
              header: t`Date`,
              nowrap: true,
              cell: (document) => (
                <time dateTime={document.created_at}>{formatDate(document.created_at, i18n.locale)}</time>
              ),
            },
            {
              key: 'actions',
              header: t`Actions`,
              actions: true,
              cell: (document) => {
                const busy = download.pending === document.id
                const name = document.name
                return (
                  <>
                    <PendingButton
                      className={styles.smallButton}
                      pending={busy}
                      aria-label={actionName(i18n, i18n._(busy ? msg`Preparing...` : msg`Download`), name)}
                      onClick={() => void download.open(document.id, document.storage_path, document.name)}
                    >
                      {busy ? <Trans>Preparing...</Trans> : <Trans>Download</Trans>}
                    </PendingButton>
                    {/* A preview (view as client) changes nothing: no replace or delete. */}
                    {document.uploaded_by === profile.id && !preview && (
                      <OwnUploadActions
                        document={document}
                        organizationId={organizationId}
                        projectId={projectId}
                        onOutcome={setOutcome}
                        onChanged={refresh}
                      />
                    )}
                  </>
                )
              },
            },
          ]}
        />
      )}
      {preview ? <PreviewNote /> : <UploadForm projectId={projectId} organizationId={organizationId} />}
    </>
  )
}
