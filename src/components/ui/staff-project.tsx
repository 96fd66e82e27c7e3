// What the staff's screens say of a project wherever they list it: its name linking to its admin
// page, and a mark when the client does not see it.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import * as page from './page.css'

/** The project's name, a link to its page in the admin area. */
export function StaffProjectLink({ project }: { project: { id: string; name: string } }) {
  const lang = useLangPrefix()
  return (
    <Link
      to="/{-$lang}/admin/dashboard/projects/$projectId"
      params={{ lang, projectId: project.id }}
      className={page.itemTitle}
    >
      {project.name}
    </Link>
  )
}

/** Said of an entry the client does not see (shown where it is hidden). */
export function HiddenFromClient() {
  return (
    <span>
      <Trans>Hidden from the client</Trans>
    </span>
  )
}
