// One dashboard, shown full width in a sandboxed frame with its title, and always a plain link to
// open it in a new tab; a dashboard whose provider refuses to be framed gets the link only. Asking
// for its address records the view (open_dashboard, or the dashboard-embed function for Metabase).
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { SectionSkeleton } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { DashboardOpenError, dashboardAddressQuery, type VisibleDashboard } from './queries'
import * as styles from './dashboards.css'

/**
 * What the frame may do, and no more: run the provider's scripts in the provider's own origin
 * (BI tools need both to load their data and keep their session), and open links in new tabs.
 * No top navigation, no forms posted to us, no downloads, no modals over the portal.
 */
export const frameSandbox = 'allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox'

const failures: Record<DashboardOpenError['reason'], MessageDescriptor> = {
  unavailable: msg`This dashboard is not available right now. Try again later, or tell the team in the project's conversation.`,
  not_found: msg`This dashboard is no longer shared with you.`,
  too_many: msg`You opened many dashboards in a short time. Wait a minute and try again.`,
  failed: msg`The dashboard could not be opened. Check your connection and try again.`,
}

export function DashboardViewer({
  viewerId,
  dashboard,
  headingLevel = 2,
}: {
  viewerId: string
  dashboard: Pick<VisibleDashboard, 'id' | 'kind' | 'title' | 'refuses_framing'>
  headingLevel?: 2 | 3
}) {
  const { t, i18n } = useLingui()
  const address = useQuery(dashboardAddressQuery(viewerId, dashboard))
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  const title = dashboard.title
  const reason = address.error instanceof DashboardOpenError ? address.error.reason : 'failed'
  return (
    <section className={styles.viewer} aria-labelledby={`dashboard-${dashboard.id}`} data-testid="dashboard-viewer">
      <div className={styles.viewerHeader}>
        <Heading id={`dashboard-${dashboard.id}`} className={page.sectionTitle}>
          {title}
        </Heading>
        {address.data && (
          <a
            href={address.data}
            target="_blank"
            rel="noopener noreferrer"
            className={page.smallButton}
            aria-label={t`Open “${title}” in a new tab`}
          >
            <Trans>Open in a new tab</Trans>
          </a>
        )}
      </div>
      {address.isPending && <SectionSkeleton block />}
      {address.isError && (
        <p className={page.inlineError} role="alert">
          {i18n._(failures[reason])}
        </p>
      )}
      {address.data &&
        (dashboard.refuses_framing ? (
          <p className={page.mutedText}>
            <Trans>
              This dashboard opens on its provider's site, which does not allow it to be shown inside the portal.
            </Trans>
          </p>
        ) : (
          <iframe
            className={styles.frame}
            src={address.data}
            title={t`Dashboard: ${title}`}
            sandbox={frameSandbox}
            allow="fullscreen"
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
          />
        ))}
    </section>
  )
}
