// The client's search: their projects, documents and reports (what row-level security lets them
// read). A document or report leads to its project's section.
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { SearchPage } from '@/features/search/search-page'
import type { SearchHit } from '@/features/search/queries'
import { useLangPrefix } from '@/lib/use-lang'

export function PortalSearchPage({ query }: { query: string | undefined }) {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const renderLink = (hit: SearchHit) => {
    const projectId = hit.kind === 'project' ? hit.id : hit.project_id!
    const hash = hit.kind === 'document' ? 'documents' : hit.kind === 'report' ? 'reports' : undefined
    return (
      <Link to="/{-$lang}/client-portal/dashboard/projects/$projectId" params={{ lang, projectId }} hash={hash}>
        {hit.title}
      </Link>
    )
  }
  return (
    <SearchPage
      query={query}
      intro={<Trans>Find your projects, documents and reports, in Spanish or in English.</Trans>}
      kinds={[
        { kind: 'project', heading: t`Projects` },
        { kind: 'document', heading: t`Documents` },
        { kind: 'report', heading: t`Reports` },
      ]}
      renderLink={renderLink}
      onSearch={(q) =>
        void navigate({ to: '/{-$lang}/client-portal/dashboard/search', params: { lang }, search: { q } })
      }
    />
  )
}
