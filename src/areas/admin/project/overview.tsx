// An admin project's Overview tab: the project's details (edit, archive), and the confirmation
// after creating it.
import { useState } from 'react'
import { getRouteApi } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { OutcomeMessage } from '@/components/form/project-form-kit'
import type { Outcome } from '@/components/form/form-alert'
import { ProjectDetails } from '@/features/projects/admin/project-details'
import { Section, SubPage } from './frame'

const overviewRoute = getRouteApi('/{-$lang}/_app/admin/dashboard/projects/$projectId/')

export function ProjectOverviewPage() {
  const { t } = useLingui()
  const { created } = overviewRoute.useSearch()
  // Kept for the page's life: the message stays until the person moves on.
  const [outcome] = useState<Outcome | null>(() =>
    created
      ? {
          tone: 'info',
          text: t`The project has been created. Add its documents, reports, metrics and tasks from the sections above.`,
        }
      : null,
  )
  return (
    <SubPage>
      {(project) => (
        <>
          <OutcomeMessage outcome={outcome} />
          <Section id="details" title={<Trans>Details</Trans>}>
            <ProjectDetails project={project} />
          </Section>
        </>
      )}
    </SubPage>
  )
}
