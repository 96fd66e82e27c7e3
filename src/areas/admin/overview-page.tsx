// The staff's first screen: how many clients and open projects there are, what is overdue, which
// leads wait for an answer, which approvals wait for the client, and what changed most recently (with a link to the full log).
import type { ReactNode } from 'react'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import { ActivityTimeline } from '@/features/activity/activity-timeline'
import { PendingApprovalsList } from '@/features/approvals/pending-approvals'
import { pendingApprovalsQuery } from '@/features/approvals/queries'
import { useProfile } from '@/lib/auth/use-auth'
import { useLiveBindings } from '@/lib/use-live'
import { adminLive, adminOverviewQuery, recentActivityCount } from './queries'
import { openStatusFilter } from '@/features/projects/admin/vocabulary'
import * as styles from './admin.css'

/** What a figure's link gets: the card's look and its content. */
type Card = { className: string; children: ReactNode }

export function AdminOverviewPage() {
  const { t, i18n } = useLingui()
  const lang = useLangPrefix()
  const { data } = useSuspenseQuery(adminOverviewQuery())
  // Overdue tasks and the recent activity as they change (the counts of projects: the shell).
  useLiveBindings(adminLive.overview())
  const systemLabel = t`System`
  const formerUserLabel = t`Former user`
  const actorLabel = (actorId: string | null) => (actorId ? (data.actorNames[actorId] ?? formerUserLabel) : systemLabel)
  // Each figure opens what it counts: the list, filtered as the figure is, or the section below.
  const figures = [
    {
      key: 'organizations',
      value: data.counts.organizations,
      label: t`Active client organizations`,
      link: (card: Card) => <Link to="/{-$lang}/admin/dashboard/organizations" params={{ lang }} {...card} />,
    },
    {
      key: 'clients',
      value: data.counts.clients,
      label: t`Active client users`,
      link: (card: Card) => <Link to="/{-$lang}/admin/dashboard/organizations" params={{ lang }} {...card} />,
    },
    {
      key: 'projects',
      value: data.counts.projects,
      label: t`Open projects`,
      link: (card: Card) => (
        <Link
          to="/{-$lang}/admin/dashboard/projects"
          params={{ lang }}
          search={{ status: openStatusFilter }}
          {...card}
        />
      ),
    },
    {
      key: 'overdue',
      value: data.counts.overdue,
      label: t`Overdue tasks`,
      link: (card: Card) => <a href="#overdue-title" {...card} />,
    },
    {
      key: 'leads',
      value: data.counts.leads,
      label: t`New leads`,
      link: (card: Card) => (
        <Link to="/{-$lang}/admin/dashboard/leads" params={{ lang }} search={{ status: 'new' }} {...card} />
      ),
    },
  ]
  const date = (value: string) => i18n.date(new Date(value), { dateStyle: 'medium' })

  return (
    <>
      <h1>
        <Trans>Overview</Trans>
      </h1>
      <ul className={styles.stats} aria-label={t`Key figures`}>
        {figures.map((figure) => (
          <li key={figure.key} data-figure={figure.key}>
            {figure.link({
              className: styles.stat,
              children: (
                <>
                  <span className={styles.statValue}>{i18n.number(figure.value)}</span>
                  <span className={styles.statLabel}>{figure.label}</span>
                </>
              ),
            })}
          </li>
        ))}
      </ul>
      <div className={styles.columns}>
        <section aria-labelledby="overdue-title">
          <h2 id="overdue-title">
            <Trans>Overdue tasks</Trans>
          </h2>
          {data.overdueTasks.length === 0 ? (
            <p className={styles.empty}>
              <Trans>Nothing is overdue.</Trans>
            </p>
          ) : (
            <ul className={styles.list}>
              {data.overdueTasks.map((task) => (
                <li key={task.id} className={styles.listItem}>
                  <strong>
                    {task.project ? (
                      <Link
                        to="/{-$lang}/admin/dashboard/projects/$projectId/tasks"
                        params={{ lang, projectId: task.project.id }}
                      >
                        {task.title}
                      </Link>
                    ) : (
                      task.title
                    )}
                  </strong>
                  <span className={styles.meta}>
                    {task.project?.organization?.name} · {task.project?.name} ·{' '}
                    <Trans>due {date(task.due_date ?? '')}</Trans>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section aria-labelledby="leads-title">
          <h2 id="leads-title">
            <Trans>New leads</Trans>
          </h2>
          {data.newLeads.length === 0 ? (
            <p className={styles.empty}>
              <Trans>No new messages from the contact form.</Trans>
            </p>
          ) : (
            <ul className={styles.list}>
              {data.newLeads.map((lead) => (
                <li key={lead.id} className={styles.listItem}>
                  <strong>
                    <Link to="/{-$lang}/admin/dashboard/leads/$leadId" params={{ lang, leadId: lead.id }}>
                      {lead.name}
                    </Link>
                    {lead.company ? ` · ${lead.company}` : ''}
                  </strong>
                  <span className={styles.meta}>{date(lead.created_at)}</span>
                </li>
              ))}
            </ul>
          )}
          <p>
            <Link to="/{-$lang}/admin/dashboard/leads" params={{ lang }}>
              <Trans>All leads</Trans>
            </Link>
          </p>
        </section>
      </div>
      <PendingApprovals />
      <section aria-labelledby="recent-activity-title" className={styles.recent}>
        <h2 id="recent-activity-title">
          <Trans>Recent activity</Trans>
        </h2>
        <ActivityTimeline
          entries={data.recentActivity}
          actorLabel={actorLabel}
          initialCount={recentActivityCount}
          label={t`Recent activity`}
        />
        <p>
          <Link to="/{-$lang}/admin/dashboard/activity" params={{ lang }}>
            <Trans>See the full activity log</Trans>
          </Link>
        </p>
      </section>
    </>
  )
}

/** Requests the clients have not answered yet, oldest first. */
function PendingApprovals() {
  const lang = useLangPrefix()
  const profile = useProfile()
  const { data } = useSuspenseQuery(pendingApprovalsQuery(profile.id))
  return (
    <section aria-labelledby="pending-approvals-title" className={styles.recent}>
      <h2 id="pending-approvals-title">
        <Trans>Awaiting the client’s approval</Trans>
      </h2>
      <PendingApprovalsList
        items={data}
        empty={<Trans>No approval is pending.</Trans>}
        link={(item, title) => (
          <Link
            to="/{-$lang}/admin/dashboard/projects/$projectId/approvals"
            params={{ lang, projectId: item.project_id }}
          >
            {title}
          </Link>
        )}
      />
    </section>
  )
}
