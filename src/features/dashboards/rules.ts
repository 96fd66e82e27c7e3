// Project dashboards (public.project_dashboards, migration 20261206200000, decision 0039): the
// staff form's one schema, the closed lists the table's checks hold (kinds, audiences), and what
// each refusal of the database means for the form. The allowlist's hosts have their own small form.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkbox, checkWith, oneOf, problem, requiredText, text } from '@/lib/rules/check'
import { failuresOf, formFailure, saveFailures, withFailures, type Failure } from '@/lib/write-failure'

export const dashboardKinds = ['link', 'metabase'] as const
export type DashboardKind = (typeof dashboardKinds)[number]

export const dashboardAudiences = ['everyone', 'people'] as const
export type DashboardAudience = (typeof dashboardAudiences)[number]

export const dashboardMessages = {
  titleMissing: msg`Give the dashboard a title.`,
  titleTooLong: msg`Keep the title under 120 characters.`,
  kind: msg`Choose how the dashboard is shown.`,
  url: msg`Enter the dashboard's https address (https://…).`,
  urlNotAllowed: msg`This address is not on a host staff allowed for dashboards. Add its host to the allowed hosts first.`,
  metabaseId: msg`Enter the number of the Metabase dashboard (a whole number).`,
  parameter: msg`Enter the name of the Metabase parameter that holds the organization (letters, digits, - and _).`,
  audience: msg`Choose who sees the dashboard.`,
  people: msg`Choose at least one person of the organization.`,
  personNotClient: msg`Only people of the project's organization can see a dashboard.`,
} satisfies Record<string, MessageDescriptor>

export type DashboardRule = keyof typeof dashboardMessages

export const dashboardFields = [
  'title',
  'kind',
  'url',
  'metabaseDashboardId',
  'lockedParameter',
  'audience',
  'people',
  'refusesFraming',
] as const
export type DashboardField = (typeof dashboardFields)[number]

export interface DashboardInput {
  title: string
  kind: DashboardKind
  url: string
  metabaseDashboardId: string
  lockedParameter: string
  audience: DashboardAudience
  people: string[]
  refusesFraming: boolean
}

export const emptyDashboard: DashboardInput = {
  title: '',
  kind: 'link',
  url: '',
  metabaseDashboardId: '',
  lockedParameter: '',
  audience: 'everyone',
  people: [],
  refusesFraming: false,
}

// https; local http passes here too, and the database accepts it only where its setting allows
// (development and tests), with the allowlist deciding the host either way.
const httpsUrl = text.pipe(
  z
    .string()
    .refine(
      (value) =>
        value.length <= 2000 &&
        (/^https:\/\/[^\s/?#@]+([/?#]\S*)?$/i.test(value) ||
          /^http:\/\/(localhost|127\.0\.0\.1)(:\d{1,5})?([/?#]\S*)?$/i.test(value)),
      problem('url'),
    ),
)

export const dashboardSchema = z.object({
  title: requiredText(120, 'titleMissing', 'titleTooLong'),
  kind: oneOf(dashboardKinds, 'kind'),
  url: text,
  metabaseDashboardId: text,
  lockedParameter: text,
  audience: oneOf(dashboardAudiences, 'audience'),
  people: z.array(z.string()),
  refusesFraming: checkbox,
})

/** The kind's own fields and the audience's people, which depend on the other fields. */
function across(values: Partial<DashboardInput>): { field: DashboardField; rule: DashboardRule }[] {
  const problems: { field: DashboardField; rule: DashboardRule }[] = []
  if (values.kind === 'metabase') {
    if (!/^[1-9][0-9]{0,8}$/.test((values.metabaseDashboardId ?? '').trim()))
      problems.push({ field: 'metabaseDashboardId', rule: 'metabaseId' })
    if (!/^[A-Za-z0-9_-]{1,64}$/.test((values.lockedParameter ?? '').trim()))
      problems.push({ field: 'lockedParameter', rule: 'parameter' })
  } else if (!httpsUrl.safeParse(values.url ?? '').success) problems.push({ field: 'url', rule: 'url' })
  if (values.audience === 'people' && (values.people ?? []).length === 0)
    problems.push({ field: 'people', rule: 'people' })
  return problems
}

export function checkDashboard(values: DashboardInput) {
  return checkWith<DashboardInput, DashboardField, DashboardRule>(
    dashboardSchema as unknown as z.ZodType<DashboardInput>,
    dashboardFields,
    dashboardMessages,
    values,
    across(values),
  )
}

/** Each refusal of the database (its constraint's name), as the field and rule it guards. */
export const dashboardConstraints: Record<string, { field: DashboardField; rule: DashboardRule }> = {
  project_dashboards_url_allowed: { field: 'url', rule: 'urlNotAllowed' },
  project_dashboards_url_length: { field: 'url', rule: 'url' },
  project_dashboards_title: { field: 'title', rule: 'titleTooLong' },
  project_dashboards_kind: { field: 'kind', rule: 'kind' },
  project_dashboards_audience: { field: 'audience', rule: 'audience' },
  project_dashboards_metabase_dashboard_id: { field: 'metabaseDashboardId', rule: 'metabaseId' },
  project_dashboards_locked_parameter: { field: 'lockedParameter', rule: 'parameter' },
  project_dashboard_people_client: { field: 'people', rule: 'personNotClient' },
}

/** What a refused save of a dashboard means: its constraints on their fields, the default catalog for the rest. */
export const dashboardFailures = withFailures<Failure<DashboardField>>(saveFailures, {
  constraints: failuresOf(dashboardConstraints, dashboardMessages),
})

// ─── The allowlist ───────────────────────────────────────────────────────────────────────────

export const hostMessages = {
  host: msg`Enter a host name such as bi.example.com (lower case, with a port only if it needs one).`,
  label: msg`Keep the label under 80 characters.`,
  taken: msg`This host is already allowed.`,
  inUse: msg`A dashboard uses this host. Remove or change that dashboard first.`,
} satisfies Record<string, MessageDescriptor>
export type HostRule = keyof typeof hostMessages
export const hostFields = ['host', 'label'] as const
export type HostField = (typeof hostFields)[number]
export interface HostInput {
  host: string
  label: string
}

export const hostSchema = z.object({
  host: text.pipe(
    z
      .string()
      .refine(
        (value) =>
          value.length <= 253 &&
          /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$/.test(value),
        problem('host'),
      ),
  ),
  label: text.pipe(z.string().max(80, problem('label'))),
})

/** Each refusal of the allowlist (its constraint's name, or the trigger's), as the field and rule. */
export const hostConstraints: Record<string, { field: HostField; rule: HostRule }> = {
  dashboard_hosts_pkey: { field: 'host', rule: 'taken' },
  dashboard_hosts_host: { field: 'host', rule: 'host' },
  dashboard_hosts_label: { field: 'label', rule: 'label' },
}

/**
 * What a refused change of the allowlist means: a host already there (23505) or not a host name
 * (23514) on its field, a host a dashboard uses (the trigger dashboard_hosts_in_use, 23503) for
 * the page; the default catalog for the rest.
 */
export const hostFailures = withFailures<Failure<HostField>>(saveFailures, {
  constraints: failuresOf(hostConstraints, hostMessages),
  codes: { '23503': formFailure(hostMessages.inUse) },
})

export function checkHost(values: HostInput) {
  return checkWith<HostInput, HostField, HostRule>(hostSchema, hostFields, hostMessages, {
    ...values,
    host: values.host.trim().toLowerCase(),
  })
}
