// The activity log as a CSV file, in the reader's language: one row per entry with the sentence
// the page shows, who did it, where, what kind of item and when (local time).
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { describeActivity } from '@/features/activity/activity-timeline'
import { labelOf } from '@/lib/labels'
import { localTimestamp, toCsv } from '@/lib/csv'
import type { AdminActivityEntry, FilterOptions } from './queries'

export const entityTypeLabels: Record<string, MessageDescriptor> = {
  project: msg`Project`,
  document: msg`Document`,
  report: msg`Report`,
  analytics_metric: msg`Metric`,
  task: msg`Task`,
  profile: msg`User account`,
  conversation_message: msg`Conversation message`,
  approval: msg`Approval`,
}

export const actionLabels: Record<string, MessageDescriptor> = {
  create: msg`Created`,
  update: msg`Updated`,
  delete: msg`Deleted`,
}

/** Names for the ids an entry carries, from the filter options. */
export function namesFrom(options: FilterOptions) {
  const organizations = new Map(options.organizations.map((o) => [o.id, o.name]))
  const projects = new Map(options.projects.map((p) => [p.id, p.name]))
  const people = new Map(options.people.map((p) => [p.id, p]))
  return { organizations, projects, people }
}

export type Names = ReturnType<typeof namesFrom>

/** Who made a change: their name, "System" for trigger and seed changes, or "Former user". */
export function actorName(i18n: I18n, names: Names, actorId: string | null): string {
  if (!actorId) return i18n._(msg`System`)
  return names.people.get(actorId)?.full_name || i18n._(msg`Former user`)
}

export function activityCsv(i18n: I18n, entries: AdminActivityEntry[], names: Names): string {
  const header = [
    i18n._(msg`Date and time`),
    i18n._(msg`Description`),
    i18n._(msg`Person`),
    i18n._(msg`E-mail`),
    i18n._(msg`Organization`),
    i18n._(msg`Project`),
    i18n._(msg`Item`),
    i18n._(msg`Action`),
    i18n._(msg`Staff only`),
  ]
  const yes = i18n._(msg`Yes`)
  const no = i18n._(msg`No`)
  const rows = entries.map((entry) => [
    localTimestamp(entry.occurred_at),
    describeActivity(i18n, entry),
    actorName(i18n, names, entry.actor_id),
    entry.actor_id ? (names.people.get(entry.actor_id)?.email ?? '') : '',
    entry.organization_id ? (names.organizations.get(entry.organization_id) ?? '') : '',
    entry.project_id ? (names.projects.get(entry.project_id) ?? '') : '',
    labelOf(i18n, entityTypeLabels, entry.entity_type),
    labelOf(i18n, actionLabels, entry.action),
    entry.is_internal ? yes : no,
  ])
  return toCsv([header, ...rows])
}

/** `activity-log-2026-11-22.csv`: the day of the export, in the reader's time zone. */
export function activityFileName(now: Date = new Date()): string {
  return `activity-log-${localTimestamp(now).slice(0, 10)}.csv`
}
