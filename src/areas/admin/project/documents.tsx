// An admin project's Documents tab: upload, show to the client or hide, delete.
import { DocumentsAdmin } from '@/features/documents/admin/admin-documents'
import { ProjectSection } from './frame'

export function ProjectDocumentsPage() {
  return <ProjectSection tab="documents">{(project) => <DocumentsAdmin project={project} />}</ProjectSection>
}
