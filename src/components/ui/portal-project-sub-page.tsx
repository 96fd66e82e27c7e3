// The frame of a project's sub-page in the portal (its plan, dashboards, conversation): the way
// back to the project, the page's title with the project's name, an introduction, the project's
// tabs, then the page's own content. A project that does not exist or is not the client's
// (row-level security returns no row) gets the "not found" page with the way back to the overview.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { ProjectNotFound } from './page-kit'
import * as page from './page.css'

interface PortalProjectSubPageProps<Project extends { name: string }> {
  projectId: string
  /** The project as the page's own query returned it: null when it is not found. */
  project: Project | null
  /** The page's title, which names the project ("Plan: {name}"). */
  title: (name: string) => ReactNode
  /** Under the title: a sentence on what the page shows, or the project's progress. */
  intro?: (project: Project) => ReactNode
  /** The project's tabs, which the route brings from the portal's project views. */
  tabs?: ReactNode
  children: (project: Project) => ReactNode
}

export function PortalProjectSubPage<Project extends { name: string }>({
  projectId,
  project,
  title,
  intro,
  tabs,
  children,
}: PortalProjectSubPageProps<Project>) {
  const lang = useLangPrefix()
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
        <h1 className={page.pageTitle}>{title(name)}</h1>
        {intro?.(project)}
      </header>
      {tabs}
      {children(project)}
    </div>
  )
}
