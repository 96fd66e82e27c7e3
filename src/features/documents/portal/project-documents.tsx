// A project's documents: the list (download through a short-lived signed URL; replace or delete
// one's own uploads) and the upload form (store the file, then register it; see documents.ts for
// the key and the rules), which also takes a file dropped onto it.
import { useEffect, useId, useRef, useState, type DragEvent, type FormEvent } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import * as layout from '@/components/ui/layout.css'
import * as form from '@/components/form/form.css'
import { ACCEPT, checkFile, UploadError, type UploadFailure } from '@/lib/storage/files'
import { uploadDocument } from './own-uploads'
import { uploadMessages } from '@/lib/storage/upload-messages'
import { formatDate } from '@/lib/format'
import { documentCategoryLabels } from '@/features/documents/labels'
import { labelOf } from '@/lib/labels'
import { documentCategories } from '@/features/documents/vocabulary'
import { useOpenDocument } from '@/lib/storage/use-open-document'
import { EmptyState } from '@/components/ui/page-kit'
import { FileControl } from '@/components/form/file-control'
import { projectDocumentsQuery } from '@/features/documents/portal/queries'
import { projectKeys } from '@/lib/query-keys'
import * as styles from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { OwnUploadActions, type Outcome } from './own-upload-actions'
import { activePreview } from '@/lib/auth/view-as'
import { PreviewNote } from '@/components/ui/preview-note'
import { actionName } from '@/lib/action-name'
import { useDocumentColumns } from '../document-columns'

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
  const [outcome, setOutcome] = useState<Outcome>(null)
  const preview = activePreview()
  const outcomeRef = useRef<HTMLDivElement>(null)
  // A deleted row takes its focused button with it: the message about it gets the focus instead.
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus()
  }, [outcome])
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
                    <button
                      type="button"
                      className={styles.smallButton}
                      aria-disabled={busy || undefined}
                      aria-label={actionName(i18n, i18n._(busy ? msg`Preparing...` : msg`Download`), name)}
                      onClick={() => {
                        if (!busy) void download.open(document.id, document.storage_path, document.name)
                      }}
                    >
                      {busy ? <Trans>Preparing...</Trans> : <Trans>Download</Trans>}
                    </button>
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

function UploadForm({ projectId, organizationId }: { projectId: string; organizationId: string }) {
  const { i18n } = useLingui()
  const profile = useProfile()
  const queryClient = useQueryClient()
  const fileRef = useRef<HTMLInputElement>(null)
  const fileButtonRef = useRef<HTMLButtonElement>(null)
  const [fileName, setFileName] = useState<string | null>(null)
  const [category, setCategory] = useState('data')
  const [title, setTitle] = useState('')
  const [missingFile, setMissingFile] = useState(false)
  // A file refused when chosen or dropped (the same words either way), or several dropped at once.
  const [refused, setRefused] = useState<UploadFailure | 'several' | null>(null)
  const [dragging, setDragging] = useState(false)
  const ids = {
    file: useId(),
    fileLabel: useId(),
    hint: useId(),
    category: useId(),
    error: useId(),
    title: useId(),
    name: useId(),
    nameHint: useId(),
    dropHint: useId(),
  }

  const upload = useMutation({
    mutationFn: (file: File) =>
      uploadDocument({ file, category, organizationId, projectId, uploaderId: profile.id, title }),
    onSuccess: () => {
      if (fileRef.current) fileRef.current.value = ''
      setFileName(null)
      setTitle('')
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.documents(profile.id, projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.activity(profile.id, projectId) }),
      ]),
  })

  /** Takes a chosen or dropped file if the bucket would accept it; otherwise says why and clears it. */
  const choose = (file: File | undefined) => {
    setMissingFile(false)
    upload.reset()
    if (!file) {
      setRefused(null)
      setFileName(null)
      return
    }
    try {
      checkFile(file)
      setRefused(null)
      setFileName(file.name)
    } catch (failure) {
      if (fileRef.current) fileRef.current.value = ''
      setFileName(null)
      setRefused(failure instanceof UploadError ? failure.kind : 'unknown')
    }
  }

  const isFileDrag = (event: DragEvent) => event.dataTransfer.types.includes('Files')
  const drop = (event: DragEvent<HTMLFormElement>) => {
    if (!isFileDrag(event)) return
    event.preventDefault()
    setDragging(false)
    const files = event.dataTransfer.files
    if (files.length > 1) {
      if (fileRef.current) fileRef.current.value = ''
      setFileName(null)
      setMissingFile(false)
      upload.reset()
      setRefused('several')
      return
    }
    const file = files[0]
    if (file && fileRef.current) {
      // The dropped file becomes the input's, so the form goes on exactly as with the picker.
      const transfer = new DataTransfer()
      transfer.items.add(file)
      fileRef.current.files = transfer.files
    }
    choose(file)
    fileButtonRef.current?.focus()
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (upload.isPending) return
    const file = fileRef.current?.files?.[0]
    setMissingFile(!file)
    if (!file) {
      fileButtonRef.current?.focus()
      return
    }
    upload.mutate(file)
  }

  const failure = upload.error instanceof UploadError ? upload.error.kind : upload.isError ? 'unknown' : null
  const error = missingFile
    ? i18n._(msg`Choose a file to upload.`)
    : refused === 'several'
      ? i18n._(msg`Drop one file at a time: this form uploads one file.`)
      : refused
        ? i18n._(uploadMessages[refused])
        : failure
          ? i18n._(uploadMessages[failure])
          : null
  const uploadingName = upload.isPending ? upload.variables.name : null
  const uploadedName = upload.isSuccess ? upload.data.name : null

  return (
    <form
      className={styles.uploadForm}
      onSubmit={submit}
      aria-labelledby={ids.title}
      aria-busy={upload.isPending}
      data-dragging={dragging ? '' : undefined}
      onDragEnter={(event) => {
        if (isFileDrag(event)) setDragging(true)
      }}
      onDragOver={(event) => {
        if (!isFileDrag(event)) return
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        setDragging(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false)
      }}
      onDrop={drop}
    >
      <h3 id={ids.title} className={`${styles.subTitle} ${styles.uploadStatus}`}>
        <Trans>Upload a file</Trans>
      </h3>
      <div className={styles.uploadField}>
        <label className={form.label} htmlFor={ids.file} id={ids.fileLabel}>
          <Trans>File</Trans>
        </label>
        <div className={styles.uploadHints}>
          <span id={ids.hint} className={form.hint}>
            <Trans>PDF, Office, CSV, text, JSON, ZIP or image files up to 50 MB.</Trans>
          </span>
          <span id={ids.dropHint} className={form.hint}>
            {dragging ? (
              <Trans>Drop the file to choose it.</Trans>
            ) : (
              <Trans>You can also drop a file onto this form.</Trans>
            )}
          </span>
        </div>
        <FileControl
          labelId={ids.fileLabel}
          inputId={ids.file}
          inputRef={fileRef}
          buttonRef={fileButtonRef}
          name="file"
          accept={ACCEPT}
          fileName={fileName}
          invalid={Boolean(error)}
          describedBy={error ? `${ids.error} ${ids.hint}` : ids.hint}
          onChange={choose}
        />
      </div>
      <div className={styles.uploadField}>
        <label className={form.label} htmlFor={ids.name}>
          <Trans>Title (optional)</Trans>
        </label>
        <span id={ids.nameHint} className={form.hint}>
          <Trans>The name the project team will see; the file’s name if you leave it empty.</Trans>
        </span>
        <input
          id={ids.name}
          name="title"
          type="text"
          maxLength={255}
          className={form.input}
          aria-describedby={ids.nameHint}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
        />
      </div>
      <div className={styles.uploadField}>
        <label className={form.label} htmlFor={ids.category}>
          <Trans>Category</Trans>
        </label>
        <select
          id={ids.category}
          name="category"
          className={styles.select}
          value={category}
          onChange={(event) => setCategory(event.target.value)}
        >
          {documentCategories.map((code) => (
            <option key={code} value={code}>
              {labelOf(i18n, documentCategoryLabels, code)}
            </option>
          ))}
        </select>
      </div>
      <button
        type="submit"
        className={`${layout.buttonPrimary} ${styles.uploadSubmit}`}
        aria-disabled={upload.isPending || undefined}
      >
        {upload.isPending ? <Trans>Uploading...</Trans> : <Trans>Upload</Trans>}
      </button>
      <div className={styles.uploadStatus} role="status">
        {uploadingName !== null && (
          <>
            <p className={styles.text}>
              <Trans>Uploading “{uploadingName}”...</Trans>
            </p>
            <progress className={styles.busyBar} aria-label={i18n._(msg`Upload in progress`)} />
          </>
        )}
        {uploadedName !== null && (
          <p className={styles.text}>
            <Trans>“{uploadedName}” was uploaded and shared with the project team.</Trans>
          </p>
        )}
      </div>
      {error && (
        <p id={ids.error} className={`${styles.inlineError} ${styles.uploadStatus}`} role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
