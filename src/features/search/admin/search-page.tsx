// The staff's search: organizations, people, projects, documents, reports, tasks, conversation
// messages (internal notes marked) and leads. A person leads to their organization's page (a
// client) or to the team (staff); a message to itself in the project's conversation.
import { Link, useNavigate } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { SearchPage } from '@/features/search/search-page'
import type { SearchHit } from '@/features/search/queries'
import { useLangPrefix } from '@/lib/use-lang'
import * as page from '@/components/ui/page.css'

export function AdminSearchPage({ query }: { query: string | undefined }) {
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const renderLink = (hit: SearchHit) => {
    switch (hit.kind) {
      case 'organization':
        return (
          <Link to="/{-$lang}/admin/dashboard/organizations/$organizationId" params={{ lang, organizationId: hit.id }}>
            {hit.title}
          </Link>
        )
      case 'person':
        return hit.organization_id ? (
          <Link
            to="/{-$lang}/admin/dashboard/organizations/$organizationId"
            params={{ lang, organizationId: hit.organization_id }}
          >
            {hit.title}
          </Link>
        ) : (
          <Link to="/{-$lang}/admin/dashboard/team" params={{ lang }}>
            {hit.title}
          </Link>
        )
      case 'lead':
        return (
          <Link to="/{-$lang}/admin/dashboard/leads/$leadId" params={{ lang, leadId: hit.id }}>
            {hit.title}
          </Link>
        )
      case 'document':
        return (
          <Link
            to="/{-$lang}/admin/dashboard/projects/$projectId/documents"
            params={{ lang, projectId: hit.project_id! }}
          >
            {hit.title}
          </Link>
        )
      case 'report':
        return (
          <Link
            to="/{-$lang}/admin/dashboard/projects/$projectId/reports"
            params={{ lang, projectId: hit.project_id! }}
          >
            {hit.title}
          </Link>
        )
      case 'task':
        return (
          <Link to="/{-$lang}/admin/dashboard/projects/$projectId/tasks" params={{ lang, projectId: hit.project_id! }}>
            {hit.title}
          </Link>
        )
      case 'message':
        return (
          <>
            <Link
              to="/{-$lang}/admin/dashboard/projects/$projectId/conversation"
              params={{ lang, projectId: hit.project_id! }}
              hash={`message-${hit.id}`}
            >
              {hit.title}
            </Link>
            {hit.internal && (
              <>
                {' '}
                <span className={page.badge.neutral}>
                  <Trans>Internal note: staff only</Trans>
                </span>
              </>
            )}
          </>
        )
      default:
        return (
          <Link to="/{-$lang}/admin/dashboard/projects/$projectId" params={{ lang, projectId: hit.id }}>
            {hit.title}
          </Link>
        )
    }
  }
  return (
    <SearchPage
      query={query}
      intro={
        <Trans>
          Find organizations, people, projects, documents, reports, tasks, messages and leads, in Spanish or in English.
          Small typing errors are forgiven.
        </Trans>
      }
      kinds={['organization', 'person', 'project', 'document', 'report', 'task', 'message', 'lead']}
      renderLink={renderLink}
      onSearch={(q) => void navigate({ to: '/{-$lang}/admin/dashboard/search', params: { lang }, search: { q } })}
    />
  )
}
