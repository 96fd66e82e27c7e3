// The audit trail as readable sentences in the active language, newest first. Rows come from
// activity_log (entity_type, action, summary{title,status,previous_status,changed,period_start});
// the portal shows a project's entries, the admin area can reuse it for any list of entries.
import { useState } from 'react'
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg, plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import type { Json } from '@/lib/database.types'
import { formatDate, formatDateTime, formatPeriodLabel, formatRelative, parseDate } from '@/lib/format'
import { labelOf, projectStatusLabels, reportStatusLabels, taskStatusLabels } from '@/lib/labels'
import * as styles from './activity-timeline.css'
import * as page from '@/components/ui/page.css'

export interface ActivityEntry {
  id: number
  occurred_at: string
  actor_id: string | null
  entity_type: string
  action: string
  summary: Json
}

interface Summary {
  title: string
  /** Approvals: requested, reopened, approved or changes_requested. */
  event?: string
  version?: number
  status?: string
  previousStatus?: string
  changed: string[]
  periodStart?: string
  granularity?: string
  labelEs?: string
  labelEn?: string
}

function readSummary(summary: Json): Summary {
  const object = summary && typeof summary === 'object' && !Array.isArray(summary) ? summary : {}
  const text = (value: Json | undefined) => (typeof value === 'string' ? value : undefined)
  const changed = Array.isArray(object.changed) ? object.changed.filter((key) => typeof key === 'string') : []
  return {
    title: text(object.title) ?? '',
    event: text(object.event),
    version: typeof object.version === 'number' ? object.version : undefined,
    status: text(object.status),
    previousStatus: text(object.previous_status),
    changed: changed as string[],
    periodStart: text(object.period_start),
    granularity: text(object.granularity),
    labelEs: text(object.label_es),
    labelEn: text(object.label_en),
  }
}

export interface DescribeOptions {
  /** Display names of metric keys (e.g. net_sales → "Net sales"); the key is shown otherwise. */
  metricLabels?: Record<string, string>
}

function describeProject(i18n: I18n, action: string, s: Summary): MessageDescriptor {
  const title = s.title
  if (action === 'create') return msg`Project “${title}” was created`
  if (action === 'delete') return msg`Project “${title}” was deleted`
  if (s.changed.includes('status') && s.status) {
    const status = labelOf(i18n, projectStatusLabels, s.status)
    if (s.previousStatus) {
      const previous = labelOf(i18n, projectStatusLabels, s.previousStatus)
      return msg`Project “${title}” moved from ${previous} to ${status}`
    }
    return msg`Project “${title}” is now ${status}`
  }
  if (s.changed.includes('progress')) return msg`The progress of project “${title}” was updated`
  if (s.changed.includes('due_date')) return msg`The due date of project “${title}” changed`
  return msg`Project “${title}” was updated`
}

function describeDocument(action: string, s: Summary): MessageDescriptor {
  const title = s.title
  if (action === 'create') return msg`Document “${title}” was added`
  if (action === 'delete') return msg`Document “${title}” was removed`
  if (s.changed.includes('visible_to_client')) return msg`Document “${title}” was shared`
  return msg`Document “${title}” was updated`
}

function describeReport(i18n: I18n, action: string, s: Summary): MessageDescriptor {
  const title = s.title
  if (action === 'delete') return msg`Report “${title}” was removed`
  if (s.status === 'published' && (action === 'create' || s.changed.includes('status'))) {
    return msg`Report “${title}” was published`
  }
  if (action === 'create') return msg`Report “${title}” was created`
  if (s.changed.includes('status') && s.status) {
    const status = labelOf(i18n, reportStatusLabels, s.status)
    return msg`Report “${title}” is now ${status}`
  }
  return msg`Report “${title}” was updated`
}

/**
 * A metric as people read it: the label its entry recorded (since 20261126140000), else the
 * project's current label, else its key in words ("net_sales" → "Net sales"), never the raw key.
 */
function metricName(i18n: I18n, s: Summary, options: DescribeOptions): string {
  const recorded = i18n.locale === 'es' ? s.labelEs : s.labelEn
  const words = s.title.replace(/_+/g, ' ').trim()
  return recorded ?? options.metricLabels?.[s.title] ?? words.charAt(0).toUpperCase() + words.slice(1)
}

function describeMetric(i18n: I18n, action: string, s: Summary, options: DescribeOptions): MessageDescriptor {
  const metric = metricName(i18n, s, options)
  const period = s.periodStart ? formatPeriodLabel(s.periodStart, s.granularity ?? 'month', i18n.locale) : null
  if (action === 'delete') return msg`A figure of “${metric}” was removed`
  if (action === 'create') {
    return period ? msg`A figure of “${metric}” was recorded for ${period}` : msg`A figure of “${metric}” was recorded`
  }
  return period ? msg`The figure of “${metric}” for ${period} was updated` : msg`A figure of “${metric}” was updated`
}

function describeTask(i18n: I18n, action: string, s: Summary): MessageDescriptor {
  const title = s.title
  if (action === 'create') return msg`Task “${title}” was created`
  if (action === 'delete') return msg`Task “${title}” was removed`
  if (s.changed.includes('status') && s.status) {
    if (s.status === 'done') return msg`Task “${title}” was completed`
    if (s.previousStatus === 'done') return msg`Task “${title}” was reopened`
    const status = labelOf(i18n, taskStatusLabels, s.status)
    if (s.previousStatus) {
      const previous = labelOf(i18n, taskStatusLabels, s.previousStatus)
      return msg`Task “${title}” moved from ${previous} to ${status}`
    }
    return msg`Task “${title}” is now ${status}`
  }
  if (s.changed.includes('assigned_to')) return msg`Task “${title}” was reassigned`
  if (s.changed.includes('due_date')) return msg`The due date of task “${title}” changed`
  return msg`Task “${title}” was updated`
}

function describeApproval(s: Summary): MessageDescriptor {
  const title = s.title
  const version = s.version ?? 1
  switch (s.event) {
    case 'approved':
      return msg`“${title}” (version ${version}) was approved`
    case 'changes_requested':
      return msg`Changes were requested to “${title}” (version ${version})`
    case 'reopened':
      return msg`Version ${version} of “${title}” awaits approval again`
    default:
      return msg`Approval of “${title}” (version ${version}) was requested`
  }
}

/** One activity row as a sentence in the active language. */
export function describeActivity(i18n: I18n, entry: ActivityEntry, options: DescribeOptions = {}): string {
  const summary = readSummary(entry.summary)
  const title = summary.title
  let descriptor: MessageDescriptor
  switch (entry.entity_type) {
    case 'project':
      descriptor = describeProject(i18n, entry.action, summary)
      break
    case 'document':
      descriptor = describeDocument(entry.action, summary)
      break
    case 'report':
      descriptor = describeReport(i18n, entry.action, summary)
      break
    case 'analytics_metric':
      descriptor = describeMetric(i18n, entry.action, summary, options)
      break
    case 'task':
      descriptor = describeTask(i18n, entry.action, summary)
      break
    case 'conversation_message':
      // Never the text: the trail only says that someone wrote (or deleted a message).
      descriptor =
        entry.action === 'delete' ? msg`A message in the conversation was deleted` : msg`Wrote in the conversation`
      break
    case 'approval':
      descriptor = describeApproval(summary)
      break
    case 'profile':
      descriptor =
        entry.action === 'view_as_start'
          ? msg`Opened a read-only preview of the portal as ${title}`
          : entry.action === 'view_as_end'
            ? msg`Left the preview of the portal as ${title}`
            : summary.changed.includes('mfa_factors')
              ? msg`The two-step verification of ${title} was removed by staff`
              : msg`The account of ${title} was updated`
      break
    default:
      descriptor = msg`“${title}” was changed`
  }
  return i18n._(descriptor)
}

const RELATIVE_LIMIT_MS = 7 * 24 * 3600 * 1000
const GROUP_WINDOW_MS = 3600 * 1000

/** One line of the feed: an entry, or a run of metric values recorded together. */
export type TimelineItem = { entry: ActivityEntry; values: ActivityEntry[] }

const isRecordedValue = (entry: ActivityEntry) => entry.entity_type === 'analytics_metric' && entry.action === 'create'

/**
 * Folds the values recorded in one go (an import, or a few typed in a row) into one line: next
 * to each other in the feed, by the same person, within an hour of the newest. A CSV import of
 * 200 values is one line, not 200 that push everything else out of sight.
 */
export function groupActivity(entries: ActivityEntry[]): TimelineItem[] {
  const items: TimelineItem[] = []
  for (const entry of entries) {
    const last = items[items.length - 1]
    if (
      last &&
      isRecordedValue(entry) &&
      isRecordedValue(last.entry) &&
      entry.actor_id === last.entry.actor_id &&
      parseDate(last.entry.occurred_at).getTime() - parseDate(entry.occurred_at).getTime() <= GROUP_WINDOW_MS
    ) {
      last.values.push(entry)
    } else {
      items.push({ entry, values: [entry] })
    }
  }
  return items
}

/** A line of the feed as a sentence: "12 values of “Net sales” were recorded". */
export function describeItem(i18n: I18n, item: TimelineItem, options: DescribeOptions = {}): string {
  if (item.values.length === 1) return describeActivity(i18n, item.entry, options)
  const count = item.values.length
  const names = [...new Set(item.values.map((entry) => metricName(i18n, readSummary(entry.summary), options)))]
  if (names.length === 1) {
    const metric = names[0]
    return i18n._(
      msg({
        message: plural(count, {
          one: `# value of “${metric}” was recorded`,
          other: `# values of “${metric}” were recorded`,
        }),
      }),
    )
  }
  const metrics = new Intl.ListFormat(i18n.locale, { type: 'conjunction' }).format(
    names.map((name) => (i18n.locale === 'es' ? `«${name}»` : `“${name}”`)),
  )
  return i18n._(
    msg({
      message: plural(count, {
        one: `# value was recorded for ${metrics}`,
        other: `# values were recorded for ${metrics}`,
      }),
    }),
  )
}

export interface ActivityTimelineProps extends DescribeOptions {
  entries: ActivityEntry[]
  /** Who did it, when known (e.g. "By you"); nothing is shown for null. */
  actorLabel?: (actorId: string | null) => string | null
  /** How many entries show before "Show all". */
  initialCount?: number
  /** Accessible name of the list. */
  label?: string
}

export function ActivityTimeline({
  entries,
  actorLabel,
  initialCount = 10,
  label,
  metricLabels,
}: ActivityTimelineProps) {
  const { i18n } = useLingui()
  const [expanded, setExpanded] = useState(false)
  if (entries.length === 0) {
    return (
      <p className={page.panel}>
        <Trans>No activity yet.</Trans>
      </p>
    )
  }
  const now = Date.now()
  const items = groupActivity(entries)
  const shown = expanded ? items : items.slice(0, initialCount)
  const hidden = items.length - shown.length
  return (
    <div>
      <ol className={styles.list} aria-label={label}>
        {shown.map((item) => {
          const entry = item.entry
          const recent = now - parseDate(entry.occurred_at).getTime() < RELATIVE_LIMIT_MS
          const actor = actorLabel?.(entry.actor_id) ?? null
          return (
            <li
              key={entry.id}
              className={styles.item}
              data-entity={entry.entity_type}
              data-action={entry.action}
              data-count={item.values.length}
            >
              <p className={styles.sentence}>{describeItem(i18n, item, { metricLabels })}</p>
              <p className={styles.when}>
                <time dateTime={entry.occurred_at} title={formatDateTime(entry.occurred_at, i18n.locale)}>
                  {recent
                    ? formatRelative(entry.occurred_at, i18n.locale)
                    : formatDate(entry.occurred_at, i18n.locale, 'long')}
                </time>
                {actor && <span>{actor}</span>}
              </p>
            </li>
          )
        })}
      </ol>
      {(hidden > 0 || expanded) && items.length > initialCount && (
        <div className={styles.more}>
          <button type="button" className={page.smallButton} onClick={() => setExpanded((open) => !open)}>
            {expanded ? <Trans>Show fewer</Trans> : <Trans>Show {hidden} earlier entries</Trans>}
          </button>
        </div>
      )}
    </div>
  )
}
