// A project's dashboards for the client: the "Dashboards" tab of the project. The dashboards the
// person may see (their organization's, for everyone or naming them) in staff's order; one at a
// time, full width, chosen with a row of buttons when there are several.
import { useState, type ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans } from '@lingui/react/macro'
import { EmptyState, ProjectNotFound } from '@/components/ui/page-kit'
import * as page from '@/components/ui/page.css'
import { useProfile } from '@/lib/auth/use-auth'
import { useLangPrefix } from '@/lib/use-lang'
import { DashboardViewer } from './dashboard-viewer'
import { dashboardsProjectQuery, projectDashboardsQuery } from './queries'
import * as styles from './dashboards.css'

export function PortalDashboardsPage({ projectId, tabs }: { projectId: string; tabs?: ReactNode }) {
  const profile = useProfile()
  const lang = useLangPrefix()
  const project = useSuspenseQuery(dashboardsProjectQuery(profile.id, projectId)).data
  if (!project) {
    return (
      <ProjectNotFound
        reason={<Trans>This project does not exist or is not shared with your organization.</Trans>}
        back={
          <Link to="/{-$lang}/client-portal/dashboard" params={{ lang }} className={page.backLink}>
            <span aria-hidden="true">←&nbsp;</span>
            <Trans>Back to overview</Trans>
          </Link>
        }
      />
    )
  }
  const name = project.name
  return (
    <div className={page.page}>
      <Link
        to="/{-$lang}/client-portal/dashboard/projects/$projectId"
        params={{ lang, projectId }}
        className={page.backLink}
      >
        <span aria-hidden="true">←&nbsp;</span>
        <Trans>Back to {name}</Trans>
      </Link>
      <header className={page.pageHeader}>
        <h1 className={page.pageTitle}>
          <Trans>Dashboards: {name}</Trans>
        </h1>
        <p className={page.lead}>
          <Trans>
            The live dashboards the team built for this project. Their figures come straight from the source.
          </Trans>
        </p>
      </header>
      {tabs}
      <Dashboards viewerId={profile.id} projectId={projectId} />
    </div>
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
