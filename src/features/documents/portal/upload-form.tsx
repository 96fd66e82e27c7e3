// The client's upload form: a file (chosen or dropped, use-file-choice.ts), an optional title and
// a category, checked with the document's rules (documents/rules.ts) before the file is stored and
// registered (own-uploads.ts); the upload's progress and outcome are said in the form. Few clients
// upload on a visit: react-hook-form and the rules load when one turns to the form
// (form-on-demand.tsx).
import { useId } from 'react'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import * as layout from '@/components/ui/layout.css'
import * as form from '@/components/form/form.css'
import * as styles from '@/components/ui/page.css'
import { FileControl } from '@/components/form/file-control'
import { useFormOnDemand } from '@/components/form/form-on-demand'
import { ACCEPT, UploadError } from '@/lib/storage/files'
import { uploadMessages } from '@/lib/storage/upload-messages'
import { labelOf } from '@/lib/labels'
import { projectKeys } from '@/lib/query-keys'
import { documentCategoryLabels } from '@/features/documents/labels'
import { documentCategories } from '@/features/documents/vocabulary'
import { uploadDocument } from './own-uploads'
import { useFileChoice, type FileProblem } from './use-file-choice'
import { UploadStatus } from './upload-status'

interface UploadValues {
  /** The document's name; the file's when empty. */
  title: string
  category: string
}

/**
 * The document's rules over this form's fields, loaded with react-hook-form: a client's upload is
 * always shared, with no description.
 */
const loadUploadCheck = () =>
  import('@/features/documents/rules').then(({ checkDocument }) => ({ title, category }: UploadValues) => {
    const { problems } = checkDocument({ name: title, category, description: '', visibleToClient: true })
    return {
      problems: problems.map((problem) => (problem.field === 'name' ? { ...problem, field: 'title' } : problem)),
    }
  })

const problemMessages: Record<FileProblem, MessageDescriptor> = {
  ...uploadMessages,
  missing: msg`Choose a file to upload.`,
  several: msg`Drop one file at a time: this form uploads one file.`,
}

export function UploadForm({ projectId, organizationId }: { projectId: string; organizationId: string }) {
  const { i18n } = useLingui()
  const profile = useProfile()
  const queryClient = useQueryClient()
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
  const fields = useFormOnDemand<UploadValues>(loadUploadCheck)
  const { errors } = fields

  const upload = useMutation({
    mutationFn: ({ file, values }: { file: File; values: UploadValues }) =>
      uploadDocument({ file, organizationId, projectId, uploaderId: profile.id, ...values }),
    onSuccess: () => {
      file.clear()
      fields.withForm((form) => form.setValue('title', ''))
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.documents(profile.id, projectId) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.activity(profile.id, projectId) }),
      ]),
  })
  const file = useFileChoice(() => upload.reset())

  const send = (values: UploadValues) => {
    if (upload.isPending) return
    const chosen = file.requireFile()
    if (chosen) upload.mutate({ file: chosen, values })
  }

  const failure = upload.error instanceof UploadError ? upload.error.kind : upload.isError ? 'unknown' : null
  const fileError = file.problem ? problemMessages[file.problem] : failure ? uploadMessages[failure] : null
  const fieldError = errors.title?.message ?? errors.category?.message
  const error = fileError ? i18n._(fileError) : (fieldError ?? null)
  const describedBy = (hint: string, invalid: unknown) => (invalid ? `${ids.error} ${hint}` : hint)
  const uploadingName = upload.isPending ? upload.variables.file.name : null
  const uploadedName = upload.isSuccess ? upload.data.name : null

  return (
    <form
      ref={fields.formRef}
      className={styles.uploadForm}
      onSubmit={(event) => {
        event.preventDefault()
        fields.submit(send)
      }}
      aria-labelledby={ids.title}
      aria-busy={upload.isPending}
      data-dragging={file.dragging ? '' : undefined}
      {...file.dropZone}
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
            {file.dragging ? (
              <Trans>Drop the file to choose it.</Trans>
            ) : (
              <Trans>You can also drop a file onto this form.</Trans>
            )}
          </span>
        </div>
        <FileControl
          labelId={ids.fileLabel}
          inputId={ids.file}
          inputRef={file.inputRef}
          buttonRef={file.buttonRef}
          name="file"
          accept={ACCEPT}
          fileName={file.fileName}
          invalid={Boolean(fileError)}
          describedBy={describedBy(ids.hint, fileError)}
          onChange={file.choose}
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
          type="text"
          maxLength={255}
          className={form.input}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy(ids.nameHint, errors.title)}
          {...fields.register('title')}
        />
      </div>
      <div className={styles.uploadField}>
        <label className={form.label} htmlFor={ids.category}>
          <Trans>Category</Trans>
        </label>
        <select
          id={ids.category}
          className={styles.select}
          aria-invalid={errors.category ? true : undefined}
          aria-describedby={errors.category ? ids.error : undefined}
          defaultValue="data"
          {...fields.register('category')}
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
      <UploadStatus uploadingName={uploadingName} uploadedName={uploadedName} />
      {error && (
        <p id={ids.error} className={`${styles.inlineError} ${styles.uploadStatus}`} role="alert">
          {error}
        </p>
      )}
      {fields.host}
    </form>
  )
}
