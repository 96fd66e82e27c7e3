// Who downloaded a document and when, for staff: under each document's name, a disclosure with
// the count that opens to the list (newest first). The app records each download when it asks for
// the link (public.record_document_download); only staff read the records.
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg, plural } from '@lingui/core/macro'
import { formatDateTime } from '@/lib/format'
import * as page from '@/components/ui/page.css'
import { actionName } from '@/lib/action-name'
import { documentDownloadsQuery, type DocumentDownload } from '@/features/documents/admin/queries'
import * as styles from '@/components/form/project-forms.css'

/** The project's downloads grouped by document, for the documents table. */
export function useDocumentDownloads(projectId: string): Map<string, DocumentDownload[]> | undefined {
  const { data } = useQuery({ ...documentDownloadsQuery(projectId), select: groupByDocument })
  return data
}

function groupByDocument(downloads: DocumentDownload[]): Map<string, DocumentDownload[]> {
  const byDocument = new Map<string, DocumentDownload[]>()
  for (const download of downloads) {
    const list = byDocument.get(download.document_id) ?? []
    list.push(download)
    byDocument.set(download.document_id, list)
  }
  return byDocument
}

export function DownloadHistory({
  name,
  version,
  downloads,
}: {
  name: string
  /** The document's current version: a download of an earlier file says which version it was. */
  version: number
  downloads: DocumentDownload[]
}) {
  const { i18n } = useLingui()
  if (downloads.length === 0) {
    return (
      <p className={page.mutedText}>
        <Trans>Not downloaded yet</Trans>
      </p>
    )
  }
  const count = downloads.length
  const times = i18n._(msg({ message: plural(count, { one: 'Downloaded once', other: 'Downloaded # times' }) }))
  return (
    <details className={styles.downloads}>
      <summary className={styles.downloadsSummary} aria-label={actionName(i18n, times, name)}>
        {times}
      </summary>
      <ul className={styles.downloadsList}>
        {downloads.map((download, index) => (
          <li key={`${download.reader_id}-${download.downloaded_at}-${index}`}>
            <span>{download.reader_name || download.reader_email || <Trans>A former user</Trans>}</span>
            {' · '}
            <time dateTime={download.downloaded_at}>{formatDateTime(download.downloaded_at, i18n.locale)}</time>
            {download.version !== version && (
              <>
                {' · '}
                <Trans>version {download.version}</Trans>
              </>
            )}
          </li>
        ))}
      </ul>
    </details>
  )
}
