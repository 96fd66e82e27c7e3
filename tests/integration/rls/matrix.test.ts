// Row-level security as a data table: every table and the documents storage bucket, for every
// actor (anonymous visitor, a client of each organization, an admin, a super_admin) and every
// operation, with the outcome DESIGN §6 promises. Each case runs real SQL through
// withRequestContext on a copy of the seeded database and is rolled back.
import { afterAll, beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { ALLOWED, DENIED, FILTERED, checkOutcome, describeExpectation, sees, type Expectation } from './expectations'
import { actorList, actorUser, as, tryAs, type Actor, type Outcome } from './run-as'
import { dashboards, documents, objectPath, organizations, plan, projects, reports, tasks, users } from './seed-ids'

type MatrixExpectation = Expectation | { sees: number; own: true }
const own = (n: number): MatrixExpectation => ({ sees: n, own: true })

type Statement = [sql: string, params?: unknown[], before?: string]
type ByActor = [
  anon: MatrixExpectation,
  clientA: MatrixExpectation,
  clientB: MatrixExpectation,
  admin: MatrixExpectation,
  superAdmin: MatrixExpectation,
]

interface TableSpec {
  table: string
  /** What "own" means for this table: the actor's user id or organization id. */
  ownerIs: 'user' | 'organization'
  /** Must return a column `owner`. */
  select: string
  insert: Statement
  update: Statement
  delete: Statement
  expect: { select: ByActor; insert: ByActor; update: ByActor; delete: ByActor }
}

const spare = {
  organization: '0c000000-0000-4000-8000-000000000001',
  user: 'c0000000-0000-4000-8000-0000000000f1',
}
const kpiSpecPath = objectPath(organizations.ribera, projects.riberaDashboard, 'especificacion-kpis-comerciales.pdf')

// Each expect row lists the outcomes in actor order: anon, client A, client B, admin, super_admin.
const matrix: TableSpec[] = [
  {
    table: 'organizations',
    ownerIs: 'organization',
    select: 'select id as owner from public.organizations',
    insert: [`insert into public.organizations (name, slug) values ('Probe Retail', 'probe-retail')`],
    update: [`update public.organizations set industry = 'Probe' where id = $1`, [organizations.ribera]],
    delete: [`delete from public.organizations where id = $1`, [spare.organization]],
    expect: {
      select: [DENIED, own(1), own(1), sees(3), sees(3)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'profiles',
    ownerIs: 'user',
    select: 'select id as owner from public.profiles',
    insert: [`insert into public.profiles (id, full_name) values ($1, 'Probe User')`, [spare.user]],
    update: [`update public.profiles set phone = '+34 600 000 000' where id = $1`, [users.lucia]],
    delete: [`delete from public.profiles where id = $1`, [users.james]],
    expect: {
      select: [DENIED, own(1), own(1), sees(6), sees(6)],
      insert: [DENIED, DENIED, DENIED, DENIED, ALLOWED],
      update: [DENIED, ALLOWED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, FILTERED, ALLOWED],
    },
  },
  {
    table: 'projects',
    ownerIs: 'organization',
    select: 'select organization_id as owner from public.projects',
    insert: [
      `insert into public.projects (organization_id, name, service) values ($1, 'Probe', 'governance')`,
      [organizations.ribera],
    ],
    update: [`update public.projects set progress = 70 where id = $1`, [projects.riberaDashboard]],
    delete: [`delete from public.projects where id = $1`, [projects.riberaLoyalty]],
    expect: {
      select: [DENIED, own(3), own(3), sees(7), sees(7)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'documents',
    ownerIs: 'organization',
    select: 'select p.organization_id as owner from public.documents d join public.projects p on p.id = d.project_id',
    // The shape of a client's upload: visible, signed by the caller (uploaded_by defaults to auth.uid()),
    // for the file Lucía stored first (a client records only a file of its own).
    insert: [
      `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client)
       values ($1, 'Probe', $2, 'application/pdf', true)`,
      [projects.riberaDashboard, objectPath(organizations.ribera, projects.riberaDashboard, 'pending-upload.pdf')],
    ],
    update: [`update public.documents set description = 'Probe' where id = $1`, [documents.riberaKpiSpec]],
    delete: [`delete from public.documents where id = $1`, [documents.riberaKpiSpec]],
    expect: {
      select: [DENIED, own(5), own(6), sees(15), sees(15)],
      insert: [DENIED, ALLOWED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'reports',
    ownerIs: 'organization',
    select: 'select p.organization_id as owner from public.reports r join public.projects p on p.id = r.project_id',
    insert: [`insert into public.reports (project_id, title) values ($1, 'Probe report')`, [projects.riberaDashboard]],
    update: [`update public.reports set summary = 'Probe' where id = $1`, [reports.riberaPublished]],
    delete: [`delete from public.reports where id = $1`, [reports.riberaPublished]],
    expect: {
      select: [DENIED, own(3), own(4), sees(10), sees(10)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'analytics_metrics',
    ownerIs: 'organization',
    select:
      'select p.organization_id as owner from public.analytics_metrics m join public.projects p on p.id = m.project_id',
    insert: [
      `insert into public.analytics_metrics (project_id, metric_key, label_es, label_en, period_start, period_end, value)
       values ($1, 'probe', 'Sonda', 'Probe', date '2020-01-01', date '2020-01-31', 1)`,
      [projects.riberaDashboard],
    ],
    update: [
      `update public.analytics_metrics set target = 1 where project_id = $1 and metric_key = 'net_sales'`,
      [projects.riberaDashboard],
    ],
    delete: [
      `delete from public.analytics_metrics where project_id = $1 and metric_key = 'net_sales'`,
      [projects.riberaDashboard],
    ],
    expect: {
      select: [DENIED, own(41), own(47), sees(90), sees(90)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'tasks',
    ownerIs: 'organization',
    select: 'select p.organization_id as owner from public.tasks t join public.projects p on p.id = t.project_id',
    insert: [`insert into public.tasks (project_id, title) values ($1, 'Probe task')`, [projects.riberaDashboard]],
    // The task is assigned to Lucía (client A): she may move its status.
    update: [`update public.tasks set status = 'done' where id = $1`, [tasks.riberaForLucia]],
    delete: [`delete from public.tasks where id = $1`, [tasks.riberaForLucia]],
    expect: {
      select: [DENIED, own(5), own(5), sees(15), sees(15)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, ALLOWED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'activity_log',
    ownerIs: 'organization',
    select: 'select organization_id as owner from public.activity_log',
    insert: [
      `insert into public.activity_log (organization_id, project_id, entity_type, entity_id, action, is_internal)
       values ($1, $2, 'project', $2, 'create', false)`,
      [organizations.ribera, projects.riberaDashboard],
    ],
    update: [`update public.activity_log set summary = '{}' where project_id = $1`, [projects.riberaDashboard]],
    delete: [`delete from public.activity_log where project_id = $1`, [projects.riberaDashboard]],
    expect: {
      // The seed's entries plus the approval fixtures' (Ribera: two requests and an answer; Kuntur: a request).
      select: [DENIED, own(60), own(66), sees(147), sees(147)],
      insert: [DENIED, DENIED, DENIED, DENIED, DENIED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  {
    table: 'notifications',
    ownerIs: 'user',
    select: 'select recipient_id as owner from public.notifications',
    insert: [
      `insert into public.notifications (recipient_id, kind, title, dedupe_key) values ($1, 'task_assigned', 'Probe', 'probe')`,
      [users.lucia],
    ],
    update: [`update public.notifications set read_at = now() where recipient_id = $1`, [users.lucia]],
    delete: [`delete from public.notifications where recipient_id = $1`, [users.lucia]],
    expect: {
      select: [DENIED, own(10), own(13), own(7), own(8)],
      insert: [DENIED, DENIED, DENIED, DENIED, DENIED],
      update: [DENIED, ALLOWED, FILTERED, FILTERED, FILTERED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  // Approvers: Lucía for Ribera, Daniel for Kuntur. Requests: two of Ribera (one answered by
  // Lucía, one pending: the published report), one of Kuntur (fixtures below).
  {
    table: 'organization_approvers',
    ownerIs: 'organization',
    select: 'select organization_id as owner from public.organization_approvers',
    insert: [
      `insert into public.organization_approvers (organization_id, profile_id) values ($1, $2)`,
      [organizations.ribera, users.james],
    ],
    update: [
      `update public.organization_approvers set created_at = now() where organization_id = $1`,
      [organizations.ribera],
    ],
    delete: [`delete from public.organization_approvers where organization_id = $1`, [organizations.ribera]],
    expect: {
      select: [DENIED, own(1), own(1), sees(2), sees(2)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'approval_requests',
    ownerIs: 'organization',
    select: 'select organization_id as owner from public.approval_requests',
    insert: [`insert into public.approval_requests (document_id) values ($1)`, [documents.riberaClientUpload]],
    update: [
      `update public.approval_requests set status = 'approved' where organization_id = $1`,
      [organizations.ribera],
    ],
    delete: [`delete from public.approval_requests where organization_id = $1`, [organizations.ribera]],
    expect: {
      select: [DENIED, own(2), own(1), sees(3), sees(3)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  {
    table: 'approval_decisions',
    ownerIs: 'organization',
    select: 'select organization_id as owner from public.approval_decisions',
    insert: [
      `insert into public.approval_decisions (request_id, decision, version)
       select id, 'approved', version from public.approval_requests where report_id = $1`,
      [reports.riberaPublished],
    ],
    update: [
      `update public.approval_decisions set comment = 'edited' where organization_id = $1`,
      [organizations.ribera],
    ],
    delete: [`delete from public.approval_decisions where organization_id = $1`, [organizations.ribera]],
    expect: {
      select: [DENIED, own(1), own(0), sees(1), sees(1)],
      // Only an approver of the organization answers; staff do not answer for the client. Kuntur's
      // approver does not even find Ribera's request.
      insert: [DENIED, ALLOWED, FILTERED, DENIED, DENIED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  {
    table: 'contact_messages',
    ownerIs: 'user',
    select: 'select id as owner from public.contact_messages',
    insert: [
      `insert into public.contact_messages (name, email, message, privacy_accepted)
       values ('Ana Probe', 'ana@example.org', 'Hola, ¿podemos hablar?', true)`,
    ],
    update: [`update public.contact_messages set status = 'contacted' where status = 'new'`],
    delete: [`delete from public.contact_messages`],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(5), sees(5)],
      insert: [ALLOWED, ALLOWED, ALLOWED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, FILTERED, ALLOWED],
    },
  },
  {
    // Lead pipeline (decision 0038): staff read and add notes, a super_admin deletes one; the status
    // history is written by a trigger only. Clients and visitors see nothing of either.
    table: 'lead_notes',
    ownerIs: 'user',
    select: 'select author_id as owner from public.lead_notes',
    insert: [
      `insert into public.lead_notes (lead_id, body)
       values ((select id from public.contact_messages where email = 'elena.navarro@example.org'), 'Probe note')`,
    ],
    update: [`update public.lead_notes set body = 'Edited'`],
    delete: [`delete from public.lead_notes`],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(5), sees(5)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, FILTERED, FILTERED, FILTERED, ALLOWED],
    },
  },
  {
    table: 'lead_status_changes',
    ownerIs: 'user',
    select: 'select changed_by as owner from public.lead_status_changes',
    insert: [
      `insert into public.lead_status_changes (lead_id, from_status, to_status)
       values ((select id from public.contact_messages where email = 'elena.navarro@example.org'), 'new', 'won')`,
    ],
    update: [`update public.lead_status_changes set to_status = 'won'`],
    delete: [`delete from public.lead_status_changes`],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(8), sees(8)],
      insert: [DENIED, DENIED, DENIED, DENIED, DENIED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  {
    // Download records (decision 0028): staff read them; nobody writes them but
    // record_document_download (tests/integration/rls/downloads.test.ts).
    table: 'document_downloads',
    ownerIs: 'user',
    select: 'select reader_id as owner from public.document_downloads',
    insert: [
      `insert into public.document_downloads (document_id, version, reader_id) values ($1, 1, (select auth.uid()))`,
      [documents.riberaKpiSpec],
    ],
    update: [
      `update public.document_downloads set downloaded_at = now() where document_id = $1`,
      [documents.riberaKpiSpec],
    ],
    delete: [`delete from public.document_downloads where document_id = $1`, [documents.riberaKpiSpec]],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(3), sees(3)],
      insert: [DENIED, DENIED, DENIED, DENIED, DENIED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  {
    // Notification preferences (decision 0035): each person their own row, staff included; nobody
    // writes one for someone else (James has none).
    table: 'notification_preferences',
    ownerIs: 'user',
    select: 'select person_id as owner from public.notification_preferences',
    insert: [`insert into public.notification_preferences (person_id) values ($1)`, [users.james]],
    update: [`update public.notification_preferences set messages = 'off' where person_id = $1`, [users.lucia]],
    delete: [`delete from public.notification_preferences where person_id = $1`, [users.lucia]],
    expect: {
      select: [DENIED, own(1), own(1), own(1), sees(0)],
      insert: [DENIED, DENIED, DENIED, DENIED, DENIED],
      update: [DENIED, ALLOWED, FILTERED, FILTERED, FILTERED],
      delete: [DENIED, ALLOWED, FILTERED, FILTERED, FILTERED],
    },
  },
  // ─── Project plan (decision 0040) ───
  {
    table: 'plan_phases',
    ownerIs: 'organization',
    select:
      'select p.organization_id as owner from public.plan_phases ph join public.projects p on p.id = ph.project_id',
    insert: [
      `insert into public.plan_phases (project_id, title, start_date, end_date, planned_hours) values ($1, 'Probe', current_date, current_date + 7, 10)`,
      [projects.riberaDashboard],
    ],
    update: [`update public.plan_phases set title = 'Probe' where id = $1`, [plan.riberaBuild]],
    delete: [`delete from public.plan_phases where id = $1`, [plan.riberaBuild]],
    expect: {
      select: [DENIED, own(11), own(10), sees(21), sees(21)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    table: 'plan_milestones',
    ownerIs: 'organization',
    select:
      'select p.organization_id as owner from public.plan_milestones m join public.projects p on p.id = m.project_id',
    insert: [
      `insert into public.plan_milestones (project_id, title, due_date) values ($1, 'Probe', current_date)`,
      [projects.riberaDashboard],
    ],
    update: [`update public.plan_milestones set title = 'Probe' where id = $1`, [plan.riberaGoLive]],
    delete: [`delete from public.plan_milestones where id = $1`, [plan.riberaGoLive]],
    expect: {
      select: [DENIED, own(10), own(8), sees(18), sees(18)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    // Who logged what is staff's: clients read the totals through public.plan_usage().
    table: 'plan_time_entries',
    ownerIs: 'organization',
    select: `select p.organization_id as owner from public.plan_time_entries t
             join public.plan_phases ph on ph.id = t.phase_id join public.projects p on p.id = ph.project_id`,
    insert: [
      `insert into public.plan_time_entries (phase_id, person_id, worked_on, hours) values ($1, $2, current_date, 2)`,
      [plan.riberaBuild, users.admin],
    ],
    update: [`update public.plan_time_entries set hours = 1 where phase_id = $1`, [plan.riberaBuild]],
    delete: [`delete from public.plan_time_entries where phase_id = $1`, [plan.riberaBuild]],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(385), sees(385)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    // Project dashboards (decision 0039): staff all; a client those of their organization's visible
    // projects whose audience includes them (Lucía: Ribera's three, one naming her; Daniel: Kuntur's).
    table: 'project_dashboards',
    ownerIs: 'organization',
    select:
      'select pr.organization_id as owner from public.project_dashboards d join public.projects pr on pr.id = d.project_id',
    insert: [
      `insert into public.project_dashboards (project_id, title, url) values ($1, 'Probe', 'https://app.powerbi.com/view?r=probe')`,
      [projects.riberaDashboard],
    ],
    update: [`update public.project_dashboards set title = 'Probe' where id = $1`, [dashboards.riberaMetabase]],
    delete: [`delete from public.project_dashboards where id = $1`, [dashboards.riberaMetabase]],
    expect: {
      select: [DENIED, own(3), own(1), sees(4), sees(4)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    // Who a dashboard names (Lucía on Ribera's Power BI draft): staff only, not even the person named.
    table: 'project_dashboard_people',
    ownerIs: 'user',
    select: 'select person_id as owner from public.project_dashboard_people',
    insert: [
      `insert into public.project_dashboard_people (dashboard_id, person_id) values ($1, $2)`,
      [dashboards.riberaPowerBi, users.james],
    ],
    update: [
      `update public.project_dashboard_people set person_id = $2 where dashboard_id = $1`,
      [dashboards.riberaPowerBi, users.james],
    ],
    delete: [`delete from public.project_dashboard_people where dashboard_id = $1`, [dashboards.riberaPowerBi]],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(1), sees(1)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    // The allowlist of dashboard hosts: staff manage it, nobody else reads it.
    table: 'dashboard_hosts',
    ownerIs: 'user',
    select: 'select created_by as owner from public.dashboard_hosts',
    insert: [`insert into public.dashboard_hosts (host) values ('bi.example.com')`],
    update: [`update public.dashboard_hosts set label = 'Probe' where host = 'online.tableau.com'`],
    delete: [`delete from public.dashboard_hosts where host = 'online.tableau.com'`],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(4), sees(4)],
      insert: [DENIED, DENIED, DENIED, ALLOWED, ALLOWED],
      update: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [DENIED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
  {
    // Dashboard views: staff read them; nobody writes them but open_dashboard (dashboards.test.ts).
    table: 'dashboard_views',
    ownerIs: 'user',
    select: 'select viewer_id as owner from public.dashboard_views',
    insert: [
      `insert into public.dashboard_views (dashboard_id, viewer_id) values ($1, (select auth.uid()))`,
      [dashboards.riberaMetabase],
    ],
    update: [
      `update public.dashboard_views set viewed_at = now() where dashboard_id = $1`,
      [dashboards.riberaMetabase],
    ],
    delete: [`delete from public.dashboard_views where dashboard_id = $1`, [dashboards.riberaMetabase]],
    expect: {
      select: [DENIED, sees(0), sees(0), sees(4), sees(4)],
      insert: [DENIED, DENIED, DENIED, DENIED, DENIED],
      update: [DENIED, DENIED, DENIED, DENIED, DENIED],
      delete: [DENIED, DENIED, DENIED, DENIED, DENIED],
    },
  },
  {
    table: 'storage.objects (bucket documents)',
    ownerIs: 'organization',
    select: `select (storage.foldername(name))[1]::uuid as owner from storage.objects where bucket_id = 'documents'`,
    insert: [
      `insert into storage.objects (bucket_id, name, owner_id) values ('documents', $1, (select auth.uid())::text)`,
      [objectPath(organizations.ribera, projects.riberaDashboard, 'probe.pdf')],
    ],
    update: [
      `update storage.objects set metadata = '{"probe":true}' where bucket_id = 'documents' and name = $1`,
      [kpiSpecPath],
    ],
    // As the Storage API does: direct deletes are refused unless this is set (as on hosted Supabase).
    delete: [
      `delete from storage.objects where bucket_id = 'documents' and name = $1`,
      [kpiSpecPath],
      `select set_config('storage.allow_delete_query', 'true', true)`,
    ],
    expect: {
      // Client A: the 5 files of visible Ribera documents plus Lucía's own pending upload.
      select: [sees(0), own(6), own(6), sees(17), sees(17)],
      insert: [DENIED, ALLOWED, DENIED, ALLOWED, ALLOWED],
      update: [FILTERED, FILTERED, FILTERED, ALLOWED, ALLOWED],
      delete: [FILTERED, FILTERED, FILTERED, ALLOWED, ALLOWED],
    },
  },
]

const operations = ['select', 'insert', 'update', 'delete'] as const

interface Case {
  spec: TableSpec
  actor: Actor
  operation: (typeof operations)[number]
  expectation: MatrixExpectation
}

const label = (e: MatrixExpectation) =>
  typeof e === 'object' && 'own' in e ? `sees only own (${e.sees})` : describeExpectation(e)

const cases: [string, Case][] = matrix.flatMap((spec) =>
  operations.flatMap((operation) =>
    actorList.map((actor, index): [string, Case] => {
      const expectation = spec.expect[operation][index]!
      const name = `${spec.table} × ${actor} × ${operation} → ${label(expectation)}`
      return [name, { spec, actor, operation, expectation }]
    }),
  ),
)

function ownerOf(actor: Actor, ownerIs: TableSpec['ownerIs']): string | undefined {
  if (actor === 'anon') return undefined
  if (ownerIs === 'user') return actorUser[actor]
  return { clientA: organizations.ribera, clientB: organizations.kuntur }[actor as 'clientA' | 'clientB']
}

function check(outcome: Outcome, expectation: MatrixExpectation, actor: Actor, spec: TableSpec) {
  checkOutcome(outcome, expectation)
  if (outcome.ok && typeof expectation === 'object' && 'own' in expectation) {
    const owner = ownerOf(actor, spec.ownerIs)
    expect(owner).toBeDefined()
    expect(new Set(outcome.rows.map((row) => row.owner))).toEqual(new Set(expectation.sees ? [owner] : []))
  }
}

describeEachDatabase('RLS matrix on %s', (kind) => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer(kind)
    const db = server.deps.db
    // Fixtures, committed as the owner: an organization nothing depends on (to delete), an auth
    // user without a profile (for a super_admin to create one), and the bucket's objects: one per
    // seeded document, an orphan file, and a file Lucía uploaded whose document row is not written yet.
    await db.query(`insert into public.organizations (id, name, slug) values ($1, 'Spare Org', 'spare-org')`, [
      spare.organization,
    ])
    await db.query(`insert into auth.users (id, email) values ($1, 'spare@example.com')`, [spare.user])
    await db.query(`delete from public.profiles where id = $1`, [spare.user])
    await db.query(
      `insert into storage.objects (bucket_id, name) select 'documents', storage_path from public.documents`,
    )
    await db.query(`insert into storage.objects (bucket_id, name) values ('documents', $1)`, [
      objectPath(organizations.ribera, projects.riberaDashboard, 'orphan.pdf'),
    ])
    await db.query(`insert into storage.objects (bucket_id, name, owner_id) values ('documents', $1, $2)`, [
      objectPath(organizations.ribera, projects.riberaDashboard, 'pending-upload.pdf'),
      users.lucia,
    ])
    await db.query(
      `insert into public.organization_approvers (organization_id, profile_id) values ($1, $2), ($3, $4)`,
      [organizations.ribera, users.lucia, organizations.kuntur, users.daniel],
    )
    const [answered] = (
      await db.query<{ id: string }>(`insert into public.approval_requests (document_id) values ($1) returning id`, [
        documents.riberaKpiSpec,
      ])
    ).rows
    await db.query(`insert into public.approval_requests (report_id) values ($1)`, [reports.riberaPublished])
    await db.query(`insert into public.approval_requests (document_id) values ($1)`, [documents.kunturMethodology])
    await as(db, 'clientA', (tx) =>
      tx.query(`insert into public.approval_decisions (request_id, decision, version) values ($1, 'approved', 1)`, [
        answered!.id,
      ]),
    )
    // Three download records of Ribera's shared specification: Lucía's, James's and the admin's.
    await db.query(
      `insert into public.document_downloads (document_id, version, reader_id) values ($1, 1, $2), ($1, 1, $3), ($1, 1, $4)`,
      [documents.riberaKpiSpec, users.lucia, users.james, users.admin],
    )
    // Preferences of Lucía, Daniel and the admin.
    await db.query(`insert into public.notification_preferences (person_id) values ($1), ($2), ($3)`, [
      users.lucia,
      users.daniel,
      users.admin,
    ])
    // The approvals' notifications are tested elsewhere; the notifications rows above keep their seed counts.
    await db.query(`delete from public.notifications where kind like 'approval_%'`)
  })
  afterAll(() => server.close())

  it.each(cases)('%s', async (_name, { spec, actor, operation, expectation }) => {
    const [sql, params, before] = operation === 'select' ? [spec.select, [], undefined] : spec[operation]
    const outcome = await tryAs(server.deps.db, actor, sql, params, before)
    check(outcome, expectation, actor, spec)
  })
})
