// Every closed list of codes the app offers (src/lib/vocabularies.ts) against the migrated
// database's check constraints, read from pg_constraint: a code added to a migration and not to
// the app (or the other way round) fails here, not in front of a user.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { digestFrequencies, emailChoices, preferenceKinds } from '../../../src/features/notifications/rules'
import { dashboardAudiences, dashboardKinds } from '../../../src/features/dashboards/rules'
import * as shared from '../../../src/lib/vocabularies'
import * as projects from '../../../src/features/projects/vocabulary'
import * as documents from '../../../src/features/documents/vocabulary'
import * as reports from '../../../src/features/reports/vocabulary'
import * as metrics from '../../../src/features/metrics/vocabulary'
import * as tasks from '../../../src/features/tasks/vocabulary'
import * as leads from '../../../src/features/leads/vocabulary'
import * as activity from '../../../src/features/activity/vocabulary'
import * as approvals from '../../../src/features/approvals/vocabulary'
import { milestoneStatuses, phaseStatuses } from '../../../src/features/plan/rules'
import { startTestServer, type TestServer } from '../support/server'

// The shared lists and each concept's own.
const vocab = {
  ...shared,
  ...projects,
  ...documents,
  ...reports,
  ...metrics,
  ...tasks,
  ...leads,
  ...activity,
  ...approvals,
}

const lists: Record<string, readonly string[]> = {
  organizations_default_locale_check: vocab.locales,
  profiles_role_check: vocab.profileRoles,
  profiles_locale_check: vocab.locales,
  projects_service_check: vocab.serviceCodes,
  projects_status_check: vocab.projectStatuses,
  documents_category_check: vocab.documentCategories,
  reports_type_check: vocab.reportTypes,
  reports_status_check: vocab.reportStatuses,
  reports_locale_check: vocab.locales,
  analytics_metrics_unit_check: vocab.metricUnits,
  analytics_metrics_granularity_check: vocab.metricGranularities,
  tasks_status_check: vocab.taskStatuses,
  tasks_priority_check: vocab.taskPriorities,
  // the contact form offers the services and specializations, then "other"
  contact_messages_interest_check: [...vocab.serviceCodes, 'other'],
  contact_messages_status_check: vocab.leadStatuses,
  contact_messages_locale_check: vocab.locales,
  activity_log_entity_type_check: vocab.activityEntityTypes,
  activity_log_action_check: vocab.activityActions,
  approval_requests_deliverable_type_check: vocab.deliverableTypes,
  approval_requests_status_check: vocab.approvalStatuses,
  approval_decisions_decision_check: vocab.approvalDecisions,
  // each person's notification e-mails, per kind, and their digest's frequency
  ...Object.fromEntries(preferenceKinds.map((kind) => [`notification_preferences_${kind}`, emailChoices])),
  notification_preferences_digest_frequency: digestFrequencies,
  // project dashboards: a link or Metabase, for everyone or named people (decision 0039)
  project_dashboards_kind: dashboardKinds,
  project_dashboards_audience: dashboardAudiences,
  // the project plan (decision 0040)
  plan_phases_status_check: phaseStatuses,
  plan_milestones_status_check: milestoneStatuses,
}

/** The quoted codes of a `x in ('a', 'b')` check, as PostgreSQL prints it (= ANY (ARRAY[...])). */
function codesOf(definition: string): string[] {
  const array = /ANY \(\(?ARRAY\[(.*?)\]/.exec(definition)
  return array ? [...array[1]!.matchAll(/'((?:[^']|'')*)'/g)].map((match) => match[1]!) : []
}

describe('vocabularies', () => {
  let server: TestServer
  let checks: Map<string, string>

  beforeAll(async () => {
    server = await startTestServer('pglite')
    const { rows } = await server.deps.db.query<{ conname: string; definition: string }>(
      `select conname, pg_get_constraintdef(oid) as definition from pg_constraint
       where contype = 'c' and connamespace = 'public'::regnamespace`,
    )
    checks = new Map(rows.map((row) => [row.conname, row.definition]))
  })
  afterAll(() => server.close())

  it.each(Object.entries(lists))('%s allows exactly the app’s codes', (constraint, codes) => {
    const definition = checks.get(constraint)
    expect(definition, `${constraint} is not in the database`).toBeDefined()
    expect(codesOf(definition!).sort()).toEqual([...codes].sort())
  })

  it('every list-of-codes constraint of the schema has its list in the app', () => {
    const listed = [...checks].filter(([, definition]) => codesOf(definition).length > 1).map(([name]) => name)
    // notifications' kinds and entity types are written by triggers only, never offered in a form
    const triggerOnly = ['notifications_kind_check', 'notifications_entity_type_check']
    expect(listed.filter((name) => !triggerOnly.includes(name)).sort()).toEqual(Object.keys(lists).sort())
  })
})
