// An admin project's Approvals tab: ask for one, follow the record, download it as CSV.
import { useSuspenseQuery } from '@tanstack/react-query'
import { ApprovalsAdmin } from '@/features/approvals/admin/admin-approvals'
import { adminDocumentsQuery } from '@/features/documents/admin/queries'
import { adminReportsQuery } from '@/features/reports/admin/queries'
import type { AdminProject } from '@/features/projects/admin/queries'
import { ProjectSection } from './frame'

export function ProjectApprovalsPage() {
  return <ProjectSection tab="approvals">{(project) => <ProjectApprovals project={project} />}</ProjectSection>
}

/** A project's approvals, with the documents and reports that can be put up for approval. */
function ProjectApprovals({ project }: { project: AdminProject }) {
  const { data: documents } = useSuspenseQuery(adminDocumentsQuery(project.id))
  const { data: reports } = useSuspenseQuery(adminReportsQuery(project.id))
  return <ApprovalsAdmin project={project} deliverables={{ documents, reports }} />
}
