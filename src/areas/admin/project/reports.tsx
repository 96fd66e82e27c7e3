// An admin project's Reports tab: draft, publish, attach a document.
import { useSuspenseQuery } from '@tanstack/react-query'
import { adminDocumentsQuery } from '@/features/documents/admin/queries'
import { uploadProjectDocument } from '@/features/documents/admin/api'
import { ReportsAdmin } from '@/features/reports/admin/admin-reports'
import type { AdminProject } from '@/features/projects/admin/queries'
import { ProjectSection } from './frame'

export function ProjectReportsPage() {
  return <ProjectSection tab="reports">{(project) => <ProjectReports project={project} />}</ProjectSection>
}

/** A project's reports, with the documents a report's file is chosen among or uploaded to. */
function ProjectReports({ project }: { project: AdminProject }) {
  const { data: documents } = useSuspenseQuery(adminDocumentsQuery(project.id))
  return <ReportsAdmin project={project} documents={documents} uploadDocument={uploadProjectDocument} />
}
