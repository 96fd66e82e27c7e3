// An admin project's Documents tab: upload, show to the client or hide, delete.
import { Trans } from '@lingui/react/macro'
import { DocumentsAdmin } from '@/features/documents/admin/admin-documents'
import { ProjectSection } from './frame'

export function ProjectDocumentsPage() {
  return (
    <ProjectSection
      id="documents"
      title={<Trans>Documents</Trans>}
      failure={<Trans>The documents could not be loaded.</Trans>}
    >
      {(project) => <DocumentsAdmin project={project} />}
    </ProjectSection>
  )
}
