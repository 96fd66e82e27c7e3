// A project's plan for the client, a page of its own beside the project page: where the progress
// comes from, the hours and budget planned and used, the burn-down and the timeline of phases and
// milestones. Row-level security gives a client only their organization's visible projects, and
// only totals of the time recorded, never who recorded it.
import type { ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { EmptyState, PageSection, ProgressBar, SectionBoundary } from '@/components/ui/page-kit'
import { PortalProjectSubPage } from '@/components/ui/portal-project-sub-page'
import * as layout from '@/components/ui/layout.css'
import { useProfile } from '@/lib/auth/use-auth'
import { downloadText } from '@/lib/csv'
import { planCsv, planFileName } from '../plan-csv'
import { PlanBurndown, PlanSummary, PlanTimeline, ProgressSource } from '../plan-view'
import { planProjectQuery, planQuery } from '../queries'
import * as styles from '../plan.css'

/** `tabs`: the project's tabs, which the route brings from the portal's project views. */
export function PortalPlanPage({ projectId, tabs }: { projectId: string; tabs?: ReactNode }) {
  const viewer = useProfile().id
  const project = useSuspenseQuery(planProjectQuery(viewer, projectId)).data
  return (
    <PortalProjectSubPage
      projectId={projectId}
      project={project}
      title={(name) => <Trans>Plan: {name}</Trans>}
      intro={(found) => <ProgressBar value={found.progress} />}
      tabs={tabs}
    >
      {(found) => (
        <SectionBoundary failure={<Trans>The plan could not be loaded.</Trans>}>
          <PlanSections projectId={projectId} name={found.name} overridden={found.progress_overridden} />
        </SectionBoundary>
      )}
    </PortalProjectSubPage>
  )
}

function PlanSections({ projectId, name, overridden }: { projectId: string; name: string; overridden: boolean }) {
  const { t, i18n } = useLingui()
  const viewer = useProfile().id
  const plan = useSuspenseQuery(planQuery(viewer, projectId)).data
  if (plan.phases.length === 0) {
    return (
      <EmptyState>
        <Trans>The team has not shared a plan for this project yet.</Trans>
      </EmptyState>
    )
  }
  return (
    <>
      <PageSection id="plan-use" title={<Trans>Hours and budget</Trans>}>
        <ProgressSource overridden={overridden} />
        <PlanSummary phases={plan.phases} usage={plan.usage} />
        <PlanBurndown phases={plan.phases} usage={plan.usage} />
      </PageSection>
      <PageSection id="plan-timeline" title={<Trans>Timeline</Trans>}>
        <PlanTimeline
          phases={plan.phases}
          milestones={plan.milestones}
          usage={plan.usage}
          label={t`Phases and milestones of ${name}`}
        />
        <div className={styles.actions}>
          <button
            type="button"
            className={layout.buttonSecondary}
            onClick={() => downloadText(planCsv(i18n, name, plan), planFileName('plan', name))}
          >
            <Trans>Download the plan (CSV)</Trans>
          </button>
        </div>
      </PageSection>
    </>
  )
}
