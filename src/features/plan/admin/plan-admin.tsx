// A project's plan for staff: where its progress comes from (the plan, or the value typed over
// it, which staff can hand back to the plan), the same totals, burn-down and timeline the client
// sees, and the editors (./phases-editor.tsx, ./milestones-editor.tsx, ./time-editor.tsx), with
// the plan and the entries exportable as CSV. Every write refreshes the plan and the project's progress.
import { useState } from 'react'
import { useMutation, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { ProgressBar } from '@/components/ui/page-kit'
import { saveFailureMessage } from '@/lib/write-failure'
import { downloadText } from '@/lib/csv'
import { useProfile } from '@/lib/auth/use-auth'
import { planCsv, planFileName, timeEntriesCsv } from '../plan-csv'
import { sortPhases } from '../plan-model'
import { PlanBurndown, PlanSummary, PlanTimeline, ProgressSource } from '../plan-view'
import { followPlanProgress, planProjectQuery, planQuery, planStaffQuery, timeEntriesQuery } from '../queries'
import * as styles from '../plan.css'
import { Panel, useRefresh } from './editor-kit'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import { MilestonesEditor } from './milestones-editor'
import { PhasesEditor } from './phases-editor'
import { TimeEditor } from './time-editor'
import { PendingButton } from '@/components/ui/pending-button'

export function PlanAdmin({ projectId }: { projectId: string }) {
  const { t, i18n } = useLingui()
  const viewer = useProfile().id
  const project = useSuspenseQuery(planProjectQuery(viewer, projectId)).data
  const plan = useSuspenseQuery(planQuery(viewer, projectId)).data
  const entries = useSuspenseQuery(timeEntriesQuery(projectId)).data
  const staff = useSuspenseQuery(planStaffQuery()).data
  const refresh = useRefresh(projectId)
  const [outcome, setOutcome] = useState<Outcome | null>(null)
  if (!project) return null
  const projectName = project.name
  const phases = sortPhases(plan.phases)

  return (
    <div className={page.section}>
      <Panel title={<Trans>Progress</Trans>} testId="plan-progress">
        <ProgressBar value={project.progress} />
        {phases.length > 0 ? (
          <ProgressSource overridden={project.progress_overridden} />
        ) : (
          <p className={styles.overrideNote}>
            <Trans>This project has no plan yet: its progress is the one typed in its details.</Trans>
          </p>
        )}
        {phases.length > 0 && project.progress_overridden && (
          <FollowPlanButton projectId={projectId} onDone={refresh} />
        )}
      </Panel>
      <OutcomeAlert outcome={outcome} />
      {phases.length > 0 && (
        <>
          <PlanSummary phases={plan.phases} usage={plan.usage} />
          <PlanBurndown phases={plan.phases} usage={plan.usage} />
        </>
      )}
      <div className={styles.actions}>
        <button
          type="button"
          className={layout.buttonSecondary}
          onClick={() => downloadText(planCsv(i18n, projectName, plan), planFileName('plan', projectName))}
        >
          <Trans>Export the plan (CSV)</Trans>
        </button>
        <button
          type="button"
          className={layout.buttonSecondary}
          onClick={() => downloadText(timeEntriesCsv(entries, plan.phases, staff), planFileName('time', projectName))}
        >
          <Trans>Export the time entries (CSV)</Trans>
        </button>
      </div>
      <PhasesEditor projectId={projectId} phases={phases} plan={plan} onMessage={setOutcome} />
      <MilestonesEditor projectId={projectId} phases={phases} milestones={plan.milestones} onMessage={setOutcome} />
      <TimeEditor projectId={projectId} phases={phases} entries={entries} staff={staff} onMessage={setOutcome} />
      {phases.length > 0 && (
        <PlanTimeline
          phases={plan.phases}
          milestones={plan.milestones}
          usage={plan.usage}
          label={t`Timeline of ${projectName}`}
          headingLevel={4}
        />
      )}
    </div>
  )
}

function FollowPlanButton({ projectId, onDone }: { projectId: string; onDone: () => Promise<unknown> }) {
  const { i18n } = useLingui()
  const [failure, setFailure] = useState<string | null>(null)
  const mutation = useMutation({
    mutationFn: () => followPlanProgress(projectId),
    onError: (error) => setFailure(i18n._(saveFailureMessage(error))),
    onSettled: onDone,
  })
  return (
    <div className={styles.actions}>
      <PendingButton className={page.smallButton} pending={mutation.isPending} onClick={() => mutation.mutate()}>
        <Trans>Follow the plan’s progress again</Trans>
      </PendingButton>
      {failure && (
        <p role="alert" className={page.inlineError}>
          {failure}
        </p>
      )}
    </div>
  )
}
