// A project's reports for staff: drafts and published ones, with edit, publish / unpublish and
// delete, and the form that writes a draft (its file chosen among the project's documents or
// uploaded right here). Publishing notifies the organization's clients once; unpublishing takes
// the report back to a draft the client no longer sees (publishing it again stays quiet).
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { Field, SelectField, TextAreaField } from '@/components/form/field'
import { RowAction } from '@/components/ui/row-action'
import * as formStyles from '@/components/form/form.css'
import { useProfile } from '@/lib/auth/use-auth'
import { ACCEPT } from '@/lib/storage/files'
import { formatDate, formatPeriod } from '@/lib/format'
import { labelOf, reportStatusLabels } from '@/lib/labels'
import { reportTypeLabels } from '@/features/reports/labels'
import { EmptyState } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { deleteReport, saveReport, setReportPublished } from '@/features/reports/admin/api'
import {
  DeleteButton,
  EntryFormActions,
  OutcomeMessage,
  Panel,
  orNull,
  useEntryEditor,
  useEntryWrite,
  useFileCheck,
  useProjectSave,
  type ProjectRef,
} from '@/components/form/project-form-kit'
import { useRulesForm } from '@/components/form/rules-form'
import { adminReportsQuery, type AdminReport } from '@/features/reports/admin/queries'
import { reportTypes } from '@/features/reports/vocabulary'
import * as styles from '@/components/form/project-forms.css'
import { checkReport, reportFields, toReportRow, type ReportInput, reportFailures } from '@/features/reports/rules'
import { actionName } from '@/lib/action-name'
import type { NewDocument } from '@/lib/storage/files'
import { PendingButton } from '@/components/ui/pending-button'

/** A project's documents, which a report's file is chosen among (the documents feature's list). */
type ProjectDocuments = readonly { id: string; name: string }[]

/** Stores a file and registers it as a document of the project: the documents feature's write. */
export type DocumentUpload = (input: NewDocument) => Promise<{ id: string }>

/** The page composes the documents it reads and the upload it writes (src/areas/admin). */
export function ReportsAdmin({
  project,
  documents,
  uploadDocument,
}: {
  project: ProjectRef
  documents: ProjectDocuments
  uploadDocument: DocumentUpload
}) {
  const { t, i18n } = useLingui()
  const { data: reports } = useSuspenseQuery(adminReportsQuery(project.id))
  const editor = useEntryEditor<AdminReport>()
  const { outcome, setOutcome } = editor
  const documentName = new Map(documents.map((document) => [document.id, document.name]))

  const target = { projectId: project.id, failures: reportFailures, setOutcome }
  const publication = useEntryWrite(
    target,
    ({ report, publish }: { report: AdminReport; publish: boolean }) => setReportPublished(report, publish),
    ({ report, publish }) => {
      const title = report.title
      return publish
        ? t`“${title}” has been published. The client can read it now.`
        : t`“${title}” is a draft again. The client no longer sees it.`
    },
  )
  const removal = useEntryWrite(
    target,
    (report: AdminReport) => deleteReport(report.id),
    (report) => {
      const title = report.title
      return t`“${title}” has been deleted.`
    },
  )

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      {reports.length === 0 ? (
        <EmptyState>
          <Trans>This project has no reports yet.</Trans>
        </EmptyState>
      ) : (
        <ul className={page.plainList}>
          {reports.map((report) => {
            const title = report.title
            const period = formatPeriod(report.period_start, report.period_end, i18n.locale)
            const published = report.status === 'published'
            const firstPublished = report.published_at ? formatDate(report.published_at, i18n.locale) : null
            const attached = report.document_id ? documentName.get(report.document_id) : undefined
            return (
              <li key={report.id} className={page.card} data-report-id={report.id}>
                <h3 className={page.cardTitle} lang={report.locale === i18n.locale ? undefined : report.locale}>
                  {report.title}
                </h3>
                <p className={page.meta}>
                  <span className={published ? page.badge.done : page.badge.neutral}>
                    {labelOf(i18n, reportStatusLabels, report.status)}
                  </span>
                  <span>{labelOf(i18n, reportTypeLabels, report.report_type)}</span>
                  <span>{report.locale === 'es' ? <Trans>In Spanish</Trans> : <Trans>In English</Trans>}</span>
                  {period && (
                    <span>
                      <Trans>Period: {period}</Trans>
                    </span>
                  )}
                  {firstPublished && (
                    <span>
                      <Trans>First published {firstPublished}</Trans>
                    </span>
                  )}
                  {attached && (
                    <span>
                      <Trans>File: {attached}</Trans>
                    </span>
                  )}
                </p>
                {report.summary && (
                  <p className={page.summary} lang={report.locale === i18n.locale ? undefined : report.locale}>
                    {report.summary}
                  </p>
                )}
                <div className={styles.actions}>
                  <PendingButton
                    className={page.smallButton}
                    pending={publication.isPending}
                    aria-label={actionName(i18n, published ? t`Unpublish` : t`Publish`, title)}
                    onClick={() => publication.mutate({ report, publish: !published })}
                  >
                    {published ? <Trans>Unpublish</Trans> : <Trans>Publish</Trans>}
                  </PendingButton>
                  <RowAction label={t`Edit`} name={title} onClick={() => editor.setEditing(report)} />
                  <DeleteButton
                    name={title}
                    question={<Trans>Delete the report “{title}”? Its file stays among the documents.</Trans>}
                    busy={removal.isPending}
                    onConfirm={() => removal.mutate(report)}
                  />
                </div>
              </li>
            )
          })}
        </ul>
      )}
      <ReportForm
        key={editor.formKey}
        project={project}
        report={editor.editing}
        documents={documents}
        uploadDocument={uploadDocument}
        onDone={editor.done}
        onCancel={editor.cancel}
      />
    </>
  )
}

type ReportValues = ReportInput & { file: FileList | null }

const REPORT_FIELDS = [...reportFields, 'file'] as const

const UPLOAD_NEW = '__upload__'

function ReportForm({
  project,
  report,
  documents,
  uploadDocument,
  onDone,
  onCancel,
}: {
  project: ProjectRef
  report: AdminReport | null
  documents: ProjectDocuments
  uploadDocument: DocumentUpload
  onDone: (text: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const profile = useProfile()
  const fileCheck = useFileCheck()
  const attachable = new Set([...documents.map((document) => document.id), UPLOAD_NEW])
  const { register, handleSubmit, watch, outcome, save, errors, isSubmitting } = useRulesForm(
    (values: ReportValues) => checkReport(values, attachable),
    {
      local: (values) => {
        const file = values.documentId === UPLOAD_NEW ? fileCheck(values.file) : true
        return file === true ? null : { field: 'file', text: file }
      },
      ...useProjectSave(project.id, REPORT_FIELDS, reportFailures, 'file'),
      focus: report ? 'title' : undefined,
      defaultValues: {
        title: report?.title ?? '',
        reportType: report?.report_type ?? 'monthly',
        locale: report?.locale ?? i18n.locale,
        periodStart: report?.period_start ?? '',
        periodEnd: report?.period_end ?? '',
        summary: report?.summary ?? '',
        dashboardUrl: report?.dashboard_url ?? '',
        documentId: report?.document_id ?? '',
        file: null,
      },
    },
  )
  const reportTitle = report?.title ?? ''
  const uploading = watch('documentId') === UPLOAD_NEW

  const submit = handleSubmit(async (values) => {
    const title = values.title.trim()
    const saved = await save(async () => {
      let documentId = orNull(values.documentId)
      if (documentId === UPLOAD_NEW) {
        const file = values.file?.[0]
        if (!file) return false
        const uploaded = await uploadDocument({
          organizationId: project.organization_id,
          projectId: project.id,
          file,
          name: file.name.trim().slice(0, 255),
          description: null,
          category: 'deliverable',
          // shared when the report is published
          visibleToClient: false,
          uploaderId: profile.id,
        })
        documentId = uploaded.id
      }
      await saveReport(project.id, report?.id ?? null, { ...toReportRow(values), document_id: documentId })
    })
    if (!saved) return
    onDone(
      report ? t`“${title}” has been saved.` : t`The draft “${title}” has been saved. Publish it when it is ready.`,
    )
  })

  return (
    <Panel
      title={report ? <Trans>Edit the report “{reportTitle}”</Trans> : <Trans>New report (draft)</Trans>}
      testId="report-form"
    >
      <OutcomeMessage outcome={outcome} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          <div className={styles.wide}>
            <Field label={t`Title`} autoComplete="off" error={errors.title?.message} {...register('title')} />
          </div>
          <SelectField
            label={t`Type`}
            error={errors.reportType?.message}
            options={reportTypes.map((code) => ({ value: code, label: labelOf(i18n, reportTypeLabels, code) }))}
            {...register('reportType')}
          />
          <SelectField
            label={t`Written in`}
            error={errors.locale?.message}
            options={[
              { value: 'es', label: t`Spanish` },
              { value: 'en', label: t`English` },
            ]}
            {...register('locale')}
          />
          <Field
            label={t`Period start (optional)`}
            type="date"
            error={errors.periodStart?.message}
            {...register('periodStart')}
          />
          <Field
            label={t`Period end (optional)`}
            type="date"
            error={errors.periodEnd?.message}
            {...register('periodEnd')}
          />
          <div className={styles.wide}>
            <TextAreaField
              label={t`Summary (optional)`}
              hint={<Trans>What the client should take from the report. At most 5,000 characters.</Trans>}
              error={errors.summary?.message}
              {...register('summary')}
            />
          </div>
          <div className={styles.wide}>
            <Field
              label={t`Dashboard link (optional)`}
              type="url"
              inputMode="url"
              hint={<Trans>The live dashboard behind the report; it must start with https://.</Trans>}
              error={errors.dashboardUrl?.message}
              {...register('dashboardUrl')}
            />
          </div>
          <SelectField
            label={t`Attached file`}
            hint={<Trans>Publishing the report also shares its file with the client.</Trans>}
            error={errors.documentId?.message}
            options={[
              { value: '', label: t`No file` },
              ...documents.map((document) => ({ value: document.id, label: document.name })),
              { value: UPLOAD_NEW, label: t`Upload a new file...` },
            ]}
            {...register('documentId')}
          />
          {uploading && (
            <Field
              label={t`File for the report`}
              type="file"
              accept={ACCEPT}
              hint={<Trans>PDF, Office, CSV, text, JSON, ZIP or image files up to 50 MB.</Trans>}
              error={errors.file?.message}
              {...register('file')}
            />
          )}
        </div>
        <EntryFormActions busy={isSubmitting} editing={report !== null} onCancel={onCancel}>
          {report ? <Trans>Save report</Trans> : <Trans>Save draft</Trans>}
        </EntryFormActions>
      </form>
    </Panel>
  )
}
