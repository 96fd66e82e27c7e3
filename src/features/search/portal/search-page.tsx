// The client's search: their projects, documents, reports, tasks and conversation messages (what
// row-level security lets them read). A document, report or task leads to its project's section,
// a message to itself in the conversation.
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { SearchPage } from '@/features/search/search-page'
import type { SearchHit } from '@/features/search/queries'
import { useLangPrefix } from '@/lib/use-lang'

export function PortalSearchPage({ query }: { query: string | undefined }) {
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const renderLink = (hit: SearchHit) => {
    if (hit.kind === 'message')
      return (
        <Link
          to="/{-$lang}/client-portal/dashboard/projects/$projectId/conversation"
          params={{ lang, projectId: hit.project_id! }}
          hash={`message-${hit.id}`}
        >
          {hit.title}
        </Link>
      )
    const projectId = hit.kind === 'project' ? hit.id : hit.project_id!
    const hash =
      hit.kind === 'document'
        ? 'documents'
        : hit.kind === 'report'
          ? 'reports'
          : hit.kind === 'task'
            ? 'tasks'
            : undefined
    return (
      <Link to="/{-$lang}/client-portal/dashboard/projects/$projectId" params={{ lang, projectId }} hash={hash}>
        {hit.title}
      </Link>
    )
  }
  return (
    <SearchPage
      query={query}
      intro={
        <Trans>
          Find your projects, documents, reports, tasks and messages, in Spanish or in English. Small typing errors are
          forgiven.
        </Trans>
      }
      kinds={['project', 'document', 'report', 'task', 'message']}
      renderLink={renderLink}
      onSearch={(q) =>
        void navigate({ to: '/{-$lang}/client-portal/dashboard/search', params: { lang }, search: { q } })
      }
    />
  )
}
