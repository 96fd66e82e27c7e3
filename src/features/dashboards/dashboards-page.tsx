// A project's dashboards for the client: the "Dashboards" tab of the project. The dashboards the
// person may see (their organization's, for everyone or naming them) in staff's order; one at a
// time, full width, chosen with a row of buttons when there are several.
import { useState, type ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { EmptyState } from '@/components/ui/page-kit'
import { PortalProjectSubPage } from '@/components/ui/portal-project-sub-page'
import * as page from '@/components/ui/page.css'
import { useProfile } from '@/lib/auth/use-auth'
import { DashboardViewer } from './dashboard-viewer'
import { dashboardsProjectQuery, projectDashboardsQuery } from './queries'
import * as styles from './dashboards.css'

export function PortalDashboardsPage({ projectId, tabs }: { projectId: string; tabs?: ReactNode }) {
  const profile = useProfile()
  const project = useSuspenseQuery(dashboardsProjectQuery(profile.id, projectId)).data
  return (
    <PortalProjectSubPage
      projectId={projectId}
      project={project}
      title={(name) => <Trans>Dashboards: {name}</Trans>}
      intro={() => (
        <p className={page.lead}>
          <Trans>
            The live dashboards the team built for this project. Their figures come straight from the source.
          </Trans>
        </p>
      )}
      tabs={tabs}
    >
      {() => <Dashboards viewerId={profile.id} projectId={projectId} />}
    </PortalProjectSubPage>
  )
}

function Dashboards({ viewerId, projectId }: { viewerId: string; projectId: string }) {
  const dashboards = useSuspenseQuery(projectDashboardsQuery(viewerId, projectId)).data
  const [chosen, setChosen] = useState<string | null>(null)
  if (dashboards.length === 0)
    return (
      <EmptyState>
        <Trans>There are no dashboards for you in this project yet.</Trans>
      </EmptyState>
    )
  const shown = dashboards.find((dashboard) => dashboard.id === chosen) ?? dashboards[0]!
  return (
    <>
      {dashboards.length > 1 && (
        <nav aria-labelledby="dashboards-chooser">
          <h2 id="dashboards-chooser" className={page.subTitle}>
            <Trans>Choose a dashboard</Trans>
          </h2>
          <ul className={styles.chooser}>
            {dashboards.map((dashboard) => (
              <li key={dashboard.id}>
                <button
                  type="button"
                  className={`${page.smallButton} ${styles.choice}`}
                  aria-pressed={dashboard.id === shown.id}
                  onClick={() => setChosen(dashboard.id)}
                >
                  {dashboard.title}
                </button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <DashboardViewer key={shown.id} viewerId={viewerId} dashboard={shown} />
    </>
  )
}
