// The rules behind the matrix, case by case: nobody but a super_admin changes a role and no
// client changes an organization; clients move only the status of their own tasks, upload only
// into their own visible projects and never see hidden work; notifications are their owner's;
// the contact form is insert-only with named constraints; staff rights need aal2 once a factor
// is enrolled. Every case is real SQL through withRequestContext, rolled back.
import { beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from '../support/server'
import {
  ALLOWED,
  DENIED,
  FILTERED,
  checkOutcome,
  describeExpectation,
  refused,
  sees,
  violates,
  type Expectation,
} from './expectations'
import { tryAs, type contextFor } from './run-as'
import { documents, objectPath, organizations, projects, reports, tasks, users } from './seed-ids'
import { addMfaStaffAndInactiveClient, mfaStaff, inactiveClient } from './people'

type Who = Parameters<typeof contextFor>[0]
type Rule = [rule: string, who: Who, sql: string, params: unknown[], expected: Expectation]

const ribera = (project: string, file: string) => objectPath(organizations.ribera, project, file)
const uploadSql = `insert into public.documents (project_id, name, storage_path, mime_type, visible_to_client, uploaded_by)
  values ($1, 'Upload', $2, 'text/csv', $3, coalesce($4, auth.uid()))`
const objectSql = `insert into storage.objects (bucket_id, name, owner_id) values ('documents', $1, (select auth.uid())::text)`
const contactSql = `insert into public.contact_messages (name, email, message, privacy_accepted) values ($1, $2, $3, $4)`

// A data table: one line per case reads better than what the formatter would make of it.
// prettier-ignore
const rules: Record<string, Rule[]> = {
  'profiles: roles and organizations': [
    ['a client cannot make themselves admin', 'clientA', `update public.profiles set role = 'admin' where id = $1`, [users.lucia], refused(/Only a super_admin can change the role/)],
    ['a client cannot make themselves super_admin', 'clientA', `update public.profiles set role = 'super_admin' where id = $1`, [users.lucia], refused(/Only a super_admin can change the role/)],
    ['a client cannot move to another organization', 'clientA', `update public.profiles set organization_id = $2 where id = $1`, [users.lucia, organizations.kuntur], refused(/Only staff can change the organization/)],
    ['a client cannot leave their organization', 'clientA', `update public.profiles set organization_id = null where id = $1`, [users.lucia], refused(/Only staff can change the organization/)],
    ['a client cannot deactivate or reactivate an account', 'clientA', `update public.profiles set is_active = false where id = $1`, [users.lucia], refused(/Only staff can activate or deactivate/)],
    ['a client cannot change the e-mail copy', 'clientA', `update public.profiles set email = 'x@example.com' where id = $1`, [users.lucia], refused(/e-mail of a profile follows the account/)],
    ['a client edits their own name, company, phone and language', 'clientA', `update public.profiles set full_name = 'Lucía M.', company = 'Ribera', phone = '+34 611 222 333', locale = 'en' where id = $1`, [users.lucia], ALLOWED],
    ['a client cannot edit a colleague', 'clientA', `update public.profiles set full_name = 'X' where id = $1`, [users.james], FILTERED],
    ['a profile keeps its constraints', 'clientA', `update public.profiles set locale = 'fr' where id = $1`, [users.lucia], violates('profiles_locale_check')],
    ['an admin cannot change a client role', 'admin', `update public.profiles set role = 'admin', organization_id = null where id = $1`, [users.lucia], refused(/Only a super_admin can change the role/)],
    ['an admin cannot change their own role', 'admin', `update public.profiles set role = 'super_admin' where id = $1`, [users.admin], refused(/Only a super_admin can change the role/)],
    ['an admin moves a client to another organization', 'admin', `update public.profiles set organization_id = $2 where id = $1`, [users.lucia, organizations.kuntur], ALLOWED],
    ['an admin edits a client name and deactivates a client', 'admin', `update public.profiles set full_name = 'Lucía Martín Ruiz', is_active = false where id = $1`, [users.lucia], ALLOWED],
    ['an admin cannot deactivate a super_admin', 'admin', `update public.profiles set is_active = false where id = $1`, [users.superAdmin], refused(/Only a super_admin can activate or deactivate a staff account/)],
    ['a super_admin makes a client an admin (leaving the organization)', 'superAdmin', `update public.profiles set role = 'admin', organization_id = null where id = $1`, [users.lucia], ALLOWED],
    ['staff never belong to a client organization', 'superAdmin', `update public.profiles set role = 'admin' where id = $1`, [users.lucia], violates('profiles_staff_without_organization')],
    ['a super_admin demotes an admin', 'superAdmin', `update public.profiles set role = 'client' where id = $1`, [users.admin], ALLOWED],
    ['a super_admin cannot change their own role', 'superAdmin', `update public.profiles set role = 'admin' where id = $1`, [users.superAdmin], refused(/cannot change their own role/)],
    ['roles are client, admin or super_admin', 'superAdmin', `update public.profiles set role = 'owner' where id = $1`, [users.james], violates('profiles_role_check')],
    ['a deactivated client sees no project', { sub: inactiveClient }, 'select id from public.projects', [], sees(0)],
    ['…nor their own profile', { sub: inactiveClient }, 'select id from public.profiles', [], sees(0)],
    ['…and cannot edit it', { sub: inactiveClient }, `update public.profiles set full_name = 'X' where id = $1`, [inactiveClient], FILTERED],
  ],
  'hidden work stays hidden': [
    ['a client does not see a hidden project', 'clientA', 'select id from public.projects where id = $1', [projects.riberaHidden], sees(0)],
    ['…nor its documents, tasks, metrics or activity', 'clientA',
      `select id::text from public.documents where project_id = $1 union all select id::text from public.tasks where project_id = $1
       union all select id::text from public.analytics_metrics where project_id = $1 union all select id::text from public.activity_log where project_id = $1`,
      [projects.riberaHidden], sees(0)],
    ['a client does not see draft reports', 'clientA', 'select id from public.reports where id = $1', [reports.riberaDraft], sees(0)],
    ['a client does not see hidden documents', 'clientA', 'select id from public.documents where id = any($1)', [[documents.riberaInternalNotes, documents.riberaDraftProposal]], sees(0)],
    ['a client does not see metrics under review', 'clientA', `select id from public.analytics_metrics where not visible_to_client`, [], sees(0)],
    ['a client does not see internal tasks', 'clientA', 'select id from public.tasks where id = any($1)', [[tasks.riberaInternal, tasks.riberaInternalUnassigned]], sees(0)],
    ['a client does not see internal activity', 'clientA', 'select id from public.activity_log where is_internal', [], sees(0)],
    ['a client sees the non-internal activity of a visible project', 'clientA', 'select id from public.activity_log where project_id = $1 and entity_type = $2', [projects.riberaDashboard, 'project'], sees(1)],
    ['a client of another organization sees nothing of Ribera', 'clientB',
      `select id::text from public.projects where organization_id = $1 union all select id::text from public.organizations where id = $1
       union all select id::text from public.reports where id = $2`,
      [organizations.ribera, reports.riberaPublished], sees(0)],
    ['staff see draft reports', 'admin', 'select id from public.reports where id = any($1)', [[reports.riberaDraft, reports.kunturDraft]], sees(2)],
    ['staff see hidden documents', 'admin', 'select id from public.documents where id = any($1)', [[documents.riberaInternalNotes, documents.riberaDraftProposal]], sees(2)],
    ['staff see metrics under review', 'superAdmin', `select id from public.analytics_metrics where not visible_to_client`, [], sees(2)],
    ['staff see internal tasks', 'admin', 'select id from public.tasks where id = any($1)', [[tasks.riberaInternal, tasks.riberaInternalUnassigned]], sees(2)],
    ['staff see the hidden project and its work', 'admin',
      `select id::text from public.projects where id = $1 union all select id::text from public.documents where project_id = $1
       union all select id::text from public.tasks where project_id = $1`,
      [projects.riberaHidden], sees(3)],
  ],
  'activity_log is append-only for every API role': (['anon', 'clientA', 'admin', 'superAdmin', 'service_role'] as const).flatMap(
    (who): Rule[] => [
      ['nobody writes an entry by hand', who, `insert into public.activity_log (entity_type, entity_id, action) values ('project', $1, 'create')`, [projects.riberaDashboard], DENIED],
      ['nobody edits an entry', who, `update public.activity_log set summary = '{}'`, [], DENIED],
      ['nobody deletes an entry', who, `delete from public.activity_log`, [], DENIED],
    ],
  ),
  'tasks: clients move only the status of their own': [
    ['a client completes a task assigned to them', 'clientA', `update public.tasks set status = 'done' where id = $1`, [tasks.riberaForLucia], ALLOWED],
    ['a client cannot rename it', 'clientA', `update public.tasks set title = 'Renamed' where id = $1`, [tasks.riberaForLucia], refused(/only change the status/)],
    ['a client cannot move its due date', 'clientA', `update public.tasks set due_date = due_date + 30 where id = $1`, [tasks.riberaForLucia], refused(/only change the status/)],
    ['a client cannot hand it to a colleague', 'clientA', `update public.tasks set assigned_to = $2 where id = $1`, [tasks.riberaForLucia, users.james], refused(/only change the status/)],
    ['a client cannot update a colleague\'s task', 'clientA', `update public.tasks set status = 'done' where id = $1`, [tasks.riberaForJames], FILTERED],
    ['a client cannot update an internal task', 'clientA', `update public.tasks set status = 'done' where id = $1`, [tasks.riberaInternal], FILTERED],
    ['a client of another organization cannot update it', 'clientB', `update public.tasks set status = 'done' where id = $1`, [tasks.riberaForLucia], FILTERED],
    ['a task status is one of the known ones', 'clientA', `update public.tasks set status = 'finished' where id = $1`, [tasks.riberaForLucia], violates('tasks_status_check')],
    ['an internal task cannot go to a client', 'admin', `update public.tasks set assigned_to = $2 where id = $1`, [tasks.riberaInternal, users.lucia], violates('tasks_internal_not_for_clients')],
    ['a task goes only to a client of its organization', 'admin', `update public.tasks set assigned_to = $2 where id = $1`, [tasks.riberaForLucia, users.daniel], violates('tasks_assignee_in_organization')],
    ['staff reassign a task within the organization', 'admin', `update public.tasks set assigned_to = $2, title = 'Validar KPI' where id = $1`, [tasks.riberaForLucia, users.james], ALLOWED],
  ],
  'documents and the bucket: clients upload only into their visible projects': [
    ['a client cannot record a document for a file not stored yet (no pre-registered paths)', 'clientA', uploadSql, [projects.riberaLoyalty, ribera(projects.riberaLoyalty, 'crm.csv'), true, null], refused(/^Upload the file first/)],
    ['…but not a hidden one', 'clientA', uploadSql, [projects.riberaLoyalty, ribera(projects.riberaLoyalty, 'crm.csv'), false, null], DENIED],
    ['…nor signed by a colleague', 'clientA', uploadSql, [projects.riberaLoyalty, ribera(projects.riberaLoyalty, 'crm.csv'), true, users.james], DENIED],
    ['…nor into a hidden project', 'clientA', uploadSql, [projects.riberaHidden, ribera(projects.riberaHidden, 'crm.csv'), true, null], DENIED],
    ['…nor into another organization\'s project', 'clientA', uploadSql, [projects.kunturScoring, objectPath(organizations.kuntur, projects.kunturScoring, 'x.csv'), true, null], DENIED],
    ['a document path starts with its project\'s organization', 'admin', uploadSql, [projects.kunturScoring, objectPath(organizations.ribera, projects.kunturScoring, 'x.csv'), true, null], violates('documents_storage_path_organization')],
    ['a document path names its project', 'admin', uploadSql, [projects.riberaDashboard, ribera(projects.riberaLoyalty, 'x.csv'), true, null], violates('documents_storage_path_project')],
    ['a client cannot claim a file staff stored but did not share, and is told what a free path gets', 'clientA', uploadSql, [projects.riberaDashboard, ribera(projects.riberaDashboard, 'staff-draft.pdf'), true, null], refused(/^Upload the file first/)],
    ['another organization\'s project answers as a missing one, without its organization', 'clientA', uploadSql, [projects.kunturScoring, objectPath(organizations.ribera, projects.kunturScoring, 'x.csv'), true, null], refused(/^new row violates row-level security policy for table "documents"$/)],
    ['…exactly as a project that does not exist', 'clientA', uploadSql, ['1f000000-0000-4000-8000-00000000dead', objectPath(organizations.ribera, '1f000000-0000-4000-8000-00000000dead', 'x.csv'), true, null], refused(/^new row violates row-level security policy for table "documents"$/)],
    ['a client registers a file they stored themselves', 'clientA', uploadSql, [projects.riberaDashboard, ribera(projects.riberaDashboard, 'pending-upload.pdf'), true, null], ALLOWED],
    ['staff register any file of the folder', 'admin', uploadSql, [projects.riberaDashboard, ribera(projects.riberaDashboard, 'staff-draft.pdf'), false, null], ALLOWED],
    ['a client stores a file in their project folder', 'clientA', objectSql, [ribera(projects.riberaLoyalty, 'crm.csv')], ALLOWED],
    ['…not in a hidden project folder', 'clientA', objectSql, [ribera(projects.riberaHidden, 'crm.csv')], DENIED],
    ['…not in another organization\'s folder', 'clientA', objectSql, [objectPath(organizations.kuntur, projects.kunturScoring, 'x.csv')], DENIED],
    ['…not at the root of their organization folder', 'clientA', objectSql, [`${organizations.ribera}/x.csv`], DENIED],
    ['…not in a made-up project folder', 'clientA', objectSql, [`${organizations.ribera}/not-a-project/x.csv`], DENIED],
    ['a colleague does not see a file whose document is not written yet', { sub: users.james }, `select id from storage.objects where name = $1`, [ribera(projects.riberaDashboard, 'pending-upload.pdf')], sees(0)],
    ['its uploader does', 'clientA', `select id from storage.objects where name = $1`, [ribera(projects.riberaDashboard, 'pending-upload.pdf')], sees(1)],
    ['nobody reads a file of a hidden document', 'clientA', `select id from storage.objects where name like $1`, [`${organizations.ribera}/${projects.riberaHidden}/%`], sees(0)],
    ['anonymous visitors cannot store files', 'anon', objectSql, [ribera(projects.riberaLoyalty, 'x.csv')], DENIED],
  ],
  'notifications belong to their recipient': [
    ['a user marks their own notifications read', 'clientA', `update public.notifications set read_at = now() where recipient_id = $1`, [users.lucia], ALLOWED],
    ['…and can change nothing else', 'clientA', `update public.notifications set title = 'Edited' where recipient_id = $1`, [users.lucia], DENIED],
    ['…not even the recipient', 'clientA', `update public.notifications set recipient_id = $2 where recipient_id = $1`, [users.lucia, users.james], DENIED],
    ['nobody reads another user\'s notifications', 'clientB', `select id from public.notifications where recipient_id = $1`, [users.lucia], sees(0)],
    ['not even a super_admin', 'superAdmin', `select id from public.notifications where recipient_id = $1`, [users.lucia], sees(0)],
    ['nobody marks another user\'s notifications', 'admin', `update public.notifications set read_at = now() where recipient_id = $1`, [users.lucia], FILTERED],
  ],
  'contact_messages: insert-only for visitors, with named constraints': [
    ['a visitor sends a message', 'anon', contactSql, ['Ana Pérez', 'ana@example.org', 'Quiero información sobre gobierno del dato.', true], ALLOWED],
    ['without accepting the privacy notice it is refused', 'anon', `insert into public.contact_messages (name, email, message) values ('Ana', 'ana@example.org', 'Hola')`, [], violates('contact_messages_privacy_accepted')],
    ['…also when it is explicitly declined', 'anon', contactSql, ['Ana', 'ana@example.org', 'Hola', false], violates('contact_messages_privacy_accepted')],
    ['a bad e-mail is refused', 'anon', contactSql, ['Ana', 'ana-at-example.org', 'Hola', true], violates('contact_messages_email_format')],
    ['an e-mail without a domain is refused', 'anon', contactSql, ['Ana', 'ana@localhost', 'Hola', true], violates('contact_messages_email_format')],
    ['a too long message is refused', 'anon', contactSql, ['Ana', 'ana@example.org', 'x'.repeat(5001), true], violates('contact_messages_message_length')],
    ['an empty message is refused', 'anon', contactSql, ['Ana', 'ana@example.org', '   ', true], violates('contact_messages_message_length')],
    ['a nameless message is refused', 'anon', contactSql, [' ', 'ana@example.org', 'Hola', true], violates('contact_messages_name_length')],
    ['the interest is a known service', 'anon', `insert into public.contact_messages (name, email, message, privacy_accepted, interest) values ('Ana', 'ana@example.org', 'Hola', true, 'crypto')`, [], violates('contact_messages_interest_check')],
    ['a visitor cannot choose the status', 'anon', `insert into public.contact_messages (name, email, message, privacy_accepted, status) values ('Ana', 'ana@example.org', 'Hola', true, 'won')`, [], DENIED],
    ['a visitor cannot read messages back', 'anon', `insert into public.contact_messages (name, email, message, privacy_accepted) values ('Ana', 'ana@example.org', 'Hola', true) returning id`, [], DENIED],
    ['a signed-in client cannot read messages', 'clientA', `select id from public.contact_messages`, [], sees(0)],
    ['an admin moves a message along', 'admin', `update public.contact_messages set status = 'contacted' where status = 'new'`, [], ALLOWED],
    ['an admin cannot rewrite a message', 'admin', `update public.contact_messages set message = 'Edited' where status = 'new'`, [], refused(/only change the status, lost reason, assignee and follow-up date/)],
    ['a status is new, contacted, qualified, won or lost', 'admin', `update public.contact_messages set status = 'spam'`, [], violates('contact_messages_status_check')],
    ['an admin cannot delete messages', 'admin', `delete from public.contact_messages`, [], FILTERED],
    ['a super_admin corrects a message', 'superAdmin', `update public.contact_messages set company = 'Bodegas Navarro S.L.' where status = 'new'`, [], ALLOWED],
  ],
  'MFA: rights need aal2 once a factor is verified': [
    ['staff with a verified factor read nothing at aal1', { sub: mfaStaff, aal: 'aal1' }, 'select id from public.contact_messages', [], sees(0)],
    ['…and everything at aal2', { sub: mfaStaff, aal: 'aal2' }, 'select id from public.contact_messages', [], sees(5)],
    ['…and cannot use staff rights at aal1', { sub: mfaStaff, aal: 'aal1' }, `update public.projects set progress = 1`, [], FILTERED],
    ['a client with a verified factor sees no project at aal1', { sub: users.sarah, aal: 'aal1' }, 'select id from public.projects', [], sees(0)],
    ['…nor their notifications', { sub: users.sarah, aal: 'aal1' }, 'select id from public.notifications', [], sees(0)],
    ['…nor their own profile', { sub: users.sarah, aal: 'aal1' }, 'select id from public.profiles', [], sees(0)],
    ['…and cannot edit it', { sub: users.sarah, aal: 'aal1' }, `update public.profiles set phone = '+1 555 0100' where id = $1`, [users.sarah], FILTERED],
    ['…until the second factor: then both', { sub: users.sarah, aal: 'aal2' }, 'select id from public.profiles', [], sees(1)],
    ['…and edits it at aal2', { sub: users.sarah, aal: 'aal2' }, `update public.profiles set phone = '+1 555 0100' where id = $1`, [users.sarah], ALLOWED],
    ['…and their projects at aal2', { sub: users.sarah, aal: 'aal2' }, 'select id from public.projects', [], sees(3)],
    ['a client without a factor is not asked for aal2', { sub: users.daniel, aal: 'aal1' }, 'select id from public.projects', [], sees(3)],
  ],
}

const names: Record<string, string> = {
  ...Object.fromEntries(Object.entries(users).map(([name, id]) => [id, name])),
  [mfaStaff]: 'staff with MFA',
  [inactiveClient]: 'inactive client',
}
const whoLabel = (who: Who) =>
  typeof who === 'string' ? who : `${names[who.sub] ?? who.sub}${who.aal ? ` at ${who.aal}` : ''}`

describeEachDatabase('RLS rules on %s', (kind) => {
  const server = useTestServer(kind)

  beforeAll(async () => {
    const db = server.deps.db
    // A staff member and a client (Sarah) with a verified TOTP factor, a deactivated client of
    // Ribera, and two files without a document row yet: one Lucía stored, one the admin stored.
    // Committed as the owner, in this file's own copy of the database.
    await addMfaStaffAndInactiveClient(db, [users.sarah])
    await db.query(
      `insert into storage.objects (bucket_id, name, owner_id) values ('documents', $1, $2), ('documents', $3, $4)`,
      [
        ribera(projects.riberaDashboard, 'pending-upload.pdf'),
        users.lucia,
        ribera(projects.riberaDashboard, 'staff-draft.pdf'),
        users.admin,
      ],
    )
  })

  it('activity_log is append-only even for the table owner', async () => {
    const db = server.deps.db
    const before = await db.query<{ n: number }>('select count(*)::int as n from public.activity_log')
    for (const sql of [
      "update public.activity_log set summary = '{}'",
      'delete from public.activity_log',
      'truncate public.activity_log',
    ]) {
      await expect(db.query(sql), sql).rejects.toMatchObject({
        code: '42501',
        message: expect.stringMatching(/append-only/),
      })
    }
    expect((await db.query<{ n: number }>('select count(*)::int as n from public.activity_log')).rows).toEqual(
      before.rows,
    )
  })

  describe.each(Object.entries(rules))('%s', (_group, table) => {
    it.each(
      table.map((rule) => [`${rule[0]} (${whoLabel(rule[1])} → ${describeExpectation(rule[4])})`, rule] as const),
    )('%s', async (_name, [, who, sql, params, expected]) => {
      checkOutcome(await tryAs(server.deps.db, who, sql, params), expected)
    })
  })
})
