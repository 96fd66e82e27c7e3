// A project's published reports: what they cover and when they came out, with the attached
// document (signed URL) and the live dashboard (external link) when there are any.
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import { useProfile } from '@/lib/auth/use-auth'
import * as layout from '@/components/ui/layout.css'
import { formatDate, formatPeriod } from '@/lib/format'
import { labelOf } from '@/lib/labels'
import { reportTypeLabels } from '@/features/reports/labels'
import { useOpenDocument } from '@/lib/storage/use-open-document'
import { EmptyState } from '@/components/ui/page-kit'
import { projectReportsQuery } from '@/features/reports/portal/queries'
import * as styles from '@/components/ui/page.css'
import { actionName } from '@/lib/action-name'
import { PendingButton } from '@/components/ui/pending-button'

/** A published report's type, period and publication date, as spans of a meta line. */
export function ReportFacts({
  report,
}: {
  report: { report_type: string; period_start: string | null; period_end: string | null; published_at: string | null }
}) {
  const { i18n } = useLingui()
  const period = formatPeriod(report.period_start, report.period_end, i18n.locale)
  const published = report.published_at ? formatDate(report.published_at, i18n.locale) : null
  return (
    <>
      <span>{labelOf(i18n, reportTypeLabels, report.report_type)}</span>
      {period && (
        <span>
          <Trans>Period: {period}</Trans>
        </span>
      )}
      {published && (
        <span>
          <Trans>Published {published}</Trans>
        </span>
      )}
    </>
  )
}

export function ReportsSection({ projectId }: { projectId: string }) {
  const { i18n } = useLingui()
  const profile = useProfile()
  const { data: reports } = useSuspenseQuery(projectReportsQuery(profile.id, projectId))
  const download = useOpenDocument()

  if (reports.length === 0) {
    return (
      <EmptyState>
        <Trans>No reports have been published for this project yet.</Trans>
      </EmptyState>
    )
  }

  return (
    <>
      {download.error && (
        <p className={styles.inlineError} role="alert">
          {download.error}
        </p>
      )}
      <ul className={styles.plainList}>
        {reports.map((report) => {
          const title = report.title
          const version = report.version
          const document = report.document
          const busy = document !== null && download.pending === document.id
          return (
            // The id is where an approval of this report links to ("See the report, version 2").
            <li
              key={report.id}
              id={`report-${report.id}`}
              tabIndex={-1}
              className={styles.card}
              data-report-id={report.id}
            >
              <h3 className={styles.cardTitle} lang={report.locale === i18n.locale ? undefined : report.locale}>
                {report.title}
              </h3>
              <p className={styles.meta}>
                <ReportFacts report={report} />
                {report.version > 1 && (
                  <span>
                    <Trans>Version {version}</Trans>
                  </span>
                )}
              </p>
              {report.summary && (
                <p className={styles.summary} lang={report.locale === i18n.locale ? undefined : report.locale}>
                  {report.summary}
                </p>
              )}
              {(document || report.dashboard_url) && (
                <div className={styles.actions}>
                  {document && (
                    <PendingButton
                      className={styles.smallButton}
                      pending={busy}
                      aria-label={actionName(i18n, i18n._(busy ? msg`Preparing...` : msg`Download the report`), title)}
                      onClick={() => void download.open(document.id, document.storage_path, document.name)}
                    >
                      {busy ? <Trans>Preparing...</Trans> : <Trans>Download the report</Trans>}
                    </PendingButton>
                  )}
                  {report.dashboard_url && (
                    <a
                      className={styles.smallButton}
                      href={report.dashboard_url}
                      target="_blank"
                      rel="noopener noreferrer"
                    >
                      <Trans>Open the dashboard</Trans>
                      <span className={layout.visuallyHidden}>
                        <Trans>(opens in a new tab)</Trans>
                      </span>
                    </a>
                  )}
                </div>
              )}
            </li>
          )
        })}
      </ul>
    </>
  )
}
