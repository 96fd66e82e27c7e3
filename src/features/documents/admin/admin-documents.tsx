// A project's documents for staff: every file (shared or not) with download, share/stop sharing,
// replace (new bytes under the same document) and delete, and the upload form. Sharing a
// document notifies the organization's clients once (in-app and by e-mail, database triggers).
import { useId, useRef, useState } from 'react'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField, TextAreaField } from '@/components/form/field'
import { type Outcome } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import { useProfile } from '@/lib/auth/use-auth'
import { ACCEPT } from '@/lib/storage/files'
import { formatDate } from '@/lib/format'
import { documentCategoryLabels } from '@/features/documents/labels'
import { labelOf } from '@/lib/labels'
import { documentCategories } from '@/features/documents/vocabulary'
import {
  checkDocument,
  documentFields,
  toDocumentRow,
  type DocumentInput,
  documentFailures,
} from '@/features/documents/rules'
import { useOpenDocument } from '@/lib/storage/use-open-document'
import { useColumnKit } from '@/components/ui/columns'
import * as page from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { RowAction } from '@/components/ui/row-action'
import { checkFile } from '@/lib/storage/files'
import {
  deleteDocument,
  replaceDocumentFile,
  setDocumentVisible,
  uploadProjectDocument,
} from '@/features/documents/admin/api'
import {
  DeleteButton,
  OutcomeMessage,
  Panel,
  SubmitButton,
  useEntryWrite,
  useFailureText,
  useFileCheck,
  useInvalidateProject,
  useProjectSave,
  type ProjectRef,
} from '@/components/form/project-form-kit'
import { useRulesForm } from '@/components/form/rules-form'
import { adminDocumentsQuery, type AdminDocument } from '@/features/documents/admin/queries'
import { UploadError } from '@/lib/storage/files'
import * as styles from '@/components/form/project-forms.css'
import { uploadMessages } from '@/lib/storage/upload-messages'
import { DownloadHistory, useDocumentDownloads } from './document-downloads'
import { actionName } from '@/lib/action-name'
import { useDocumentColumns } from '../document-columns'
import { PendingButton } from '@/components/ui/pending-button'

export function DocumentsAdmin({ project }: { project: ProjectRef }) {
  const { t, i18n } = useLingui()
  const documentColumns = useDocumentColumns<AdminDocument>()
  const kit = useColumnKit<AdminDocument>()
  const { data: documents } = useSuspenseQuery(adminDocumentsQuery(project.id))
  const download = useOpenDocument()
  const downloads = useDocumentDownloads(project.id)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  const projectName = project.name

  const target = { projectId: project.id, failures: documentFailures, setOutcome }
  const visibility = useEntryWrite(
    target,
    ({ document, visible }: { document: AdminDocument; visible: boolean }) => setDocumentVisible(document.id, visible),
    ({ document, visible }) => {
      const name = document.name
      return visible ? t`“${name}” is now visible to the client.` : t`“${name}” is no longer visible to the client.`
    },
  )

  const removal = useEntryWrite(
    target,
    (document: AdminDocument) => deleteDocument(document),
    (document) => {
      const name = document.name
      return t`“${name}” has been deleted.`
    },
  )

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      {download.error && (
        <p className={page.inlineError} role="alert">
          {download.error}
        </p>
      )}
      <DataTable
        caption={<Trans>Documents of {projectName}</Trans>}
        rows={documents}
        keyAttribute="data-document-id"
        empty={<Trans>This project has no documents yet.</Trans>}
        columns={[
          kit.title({
            title: (document) => document.name,
            detail: (document) => document.description,
            more: (document) => (
              <>
                <p className={page.mutedText}>
                  <time dateTime={document.updated_at}>{formatDate(document.updated_at, i18n.locale)}</time>
                </p>
                {downloads && (
                  <DownloadHistory
                    name={document.name}
                    version={document.version}
                    downloads={downloads.get(document.id) ?? []}
                  />
                )}
              </>
            ),
          }),
          ...documentColumns,
          kit.visibleToClient((document) => document.visible_to_client),
          kit.actions((document) => {
            const name = document.name
            return (
              <>
                <RowAction
                  label={t`Download`}
                  name={name}
                  onClick={() => void download.open(document.id, document.storage_path, document.name)}
                />
                <PendingButton
                  className={page.smallButton}
                  pending={visibility.isPending}
                  aria-label={actionName(
                    i18n,
                    document.visible_to_client ? t`Stop sharing` : t`Share with the client`,
                    name,
                  )}
                  onClick={() => visibility.mutate({ document, visible: !document.visible_to_client })}
                >
                  {document.visible_to_client ? <Trans>Stop sharing</Trans> : <Trans>Share with the client</Trans>}
                </PendingButton>
                <ReplaceFile document={document} project={project} onDone={setOutcome} />
                <DeleteButton
                  name={name}
                  question={<Trans>Delete “{name}” and its file? This cannot be undone.</Trans>}
                  busy={removal.isPending}
                  onConfirm={() => removal.mutate(document)}
                />
              </>
            )
          }),
        ]}
      />
      <UploadDocumentForm project={project} />
    </>
  )
}

/** "Replace file": a disclosure with a file input; the document keeps its name, visibility and history. */
function ReplaceFile({
  document,
  project,
  onDone,
}: {
  document: AdminDocument
  project: ProjectRef
  onDone: (outcome: Outcome | null) => void
}) {
  const { t, i18n } = useLingui()
  const invalidate = useInvalidateProject(project.id)
  const failureText = useFailureText(documentFailures)
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | undefined>()
  const fileRef = useRef<HTMLInputElement>(null)
  const panelId = useId()
  const name = document.name
  const replace = useMutation({
    mutationFn: (file: File) => replaceDocumentFile(document, project.organization_id, project.id, file),
    onSuccess: () => {
      setOpen(false)
      onDone({ tone: 'info', text: t`The file of “${name}” has been replaced.` })
    },
    onError: (failure) => setError(failureText(failure)),
    onSettled: invalidate,
  })

  return (
    <div>
      <button
        type="button"
        className={page.smallButton}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={actionName(i18n, t`Replace file`, name)}
        onClick={() => setOpen((value) => !value)}
      >
        <Trans>Replace file</Trans>
      </button>
      <div id={panelId} hidden={!open}>
        <form
          className={formStyles.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (replace.isPending) return
            const file = fileRef.current?.files?.[0]
            if (!file) {
              setError(t`Choose a file to upload.`)
              fileRef.current?.focus()
              return
            }
            try {
              checkFile(file)
            } catch (failure) {
              if (failure instanceof UploadError) setError(i18n._(uploadMessages[failure.kind]))
              fileRef.current?.focus()
              return
            }
            setError(undefined)
            replace.mutate(file)
          }}
        >
          <Field
            ref={fileRef}
            label={t`New file for “${name}”`}
            type="file"
            accept={ACCEPT}
            error={error}
            onChange={() => setError(undefined)}
          />
          <SubmitButton busy={replace.isPending} busyLabel={<Trans>Uploading...</Trans>}>
            <Trans>Upload the new file</Trans>
          </SubmitButton>
        </form>
      </div>
    </div>
  )
}

type UploadValues = DocumentInput & { file: FileList | null }

const UPLOAD_FIELDS = ['file', ...documentFields] as const

function UploadDocumentForm({ project }: { project: ProjectRef }) {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const fileCheck = useFileCheck()
  const defaults: UploadValues = {
    file: null,
    name: '',
    description: '',
    category: 'deliverable',
    visibleToClient: false,
  }
  const { register, handleSubmit, reset, outcome, setOutcome, save, errors, isSubmitting } = useRulesForm(
    (values: UploadValues) => checkDocument(values),
    {
      local: (values) => {
        const file = fileCheck(values.file)
        return file === true ? null : { field: 'file', text: file }
      },
      ...useProjectSave(project.id, UPLOAD_FIELDS, documentFailures, 'file'),
      defaultValues: defaults,
    },
  )

  const submit = handleSubmit(async (values) => {
    setOutcome(null)
    const file = values.file?.[0]
    if (!file) return
    const row = toDocumentRow(values, file.name)
    const name = row.name
    const saved = await save(() =>
      uploadProjectDocument({
        organizationId: project.organization_id,
        projectId: project.id,
        file,
        name,
        description: row.description,
        category: row.category,
        visibleToClient: row.visible_to_client,
        uploaderId: profile.id,
      }),
    )
    if (!saved) return
    reset(defaults)
    setOutcome({
      tone: 'info',
      text: values.visibleToClient
        ? t`“${name}” has been uploaded and shared with the client.`
        : t`“${name}” has been uploaded. The client does not see it yet.`,
    })
  })

  return (
    <Panel title={<Trans>Upload a document</Trans>} testId="upload-document">
      <OutcomeMessage outcome={outcome} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          <Field
            label={t`File`}
            type="file"
            accept={ACCEPT}
            hint={<Trans>PDF, Office, CSV, text, JSON, ZIP or image files up to 50 MB.</Trans>}
            error={errors.file?.message}
            {...register('file')}
          />
          <Field
            label={t`Name (optional)`}
            hint={<Trans>The file's name is used when this is empty.</Trans>}
            error={errors.name?.message}
            {...register('name')}
          />
          <SelectField
            label={t`Category`}
            error={errors.category?.message}
            options={documentCategories.map((code) => ({
              value: code,
              label: labelOf(i18n, documentCategoryLabels, code),
            }))}
            {...register('category')}
          />
          <div className={styles.wide}>
            <TextAreaField
              label={t`Description (optional)`}
              error={errors.description?.message}
              {...register('description')}
            />
          </div>
          <div className={styles.wide}>
            <CheckboxField
              label={t`Visible to the client`}
              hint={<Trans>The organization's clients are notified the first time a document becomes visible.</Trans>}
              {...register('visibleToClient')}
            />
          </div>
        </div>
        <div className={styles.actions}>
          <SubmitButton busy={isSubmitting} busyLabel={<Trans>Uploading...</Trans>}>
            <Trans>Upload</Trans>
          </SubmitButton>
        </div>
      </form>
    </Panel>
  )
}
