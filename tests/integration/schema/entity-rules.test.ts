// Each entity's one schema (src/lib/rules) against the migrated database: boundary values go
// through the schema and, as the form would send them, through supabase-js as staff; the two
// must refuse exactly the same ones, and a refusal the database names by constraint must land on
// the field the schema names. A rule changed in a migration or in the schema alone fails here.
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { useSeedClients, useTestServer } from '../support/server'
import { documents, objectPath, organizations, projects, users } from '../rls/seed-ids'
import {
  checkDocument,
  documentConstraints,
  toDocumentRow,
  type DocumentInput,
} from '../../../src/features/documents/rules'
import {
  checkProject,
  emptyProjectInput,
  projectConstraints,
  toProjectRow,
  type ProjectInput,
} from '../../../src/features/projects/rules'
import { checkReport, reportConstraints, toReportRow, type ReportInput } from '../../../src/features/reports/rules'
import { checkTask, taskConstraints, taskFailures, toTaskRow, type TaskInput } from '../../../src/features/tasks/rules'
import {
  checkOrganization,
  emptyOrganizationInput,
  organizationConstraints,
  toOrganizationRow,
  type OrganizationInput,
} from '../../../src/features/organizations/rules'
import { constraintOf } from '../../../src/lib/write-failure'
import {
  constraintField,
  emptyContact,
  fieldProblem,
  toRow,
  type ContactValues,
} from '../../../src/features/site/contact-form/rules'
import { emailAddressPattern } from '../../../src/lib/email-address'
import {
  checkProfile,
  phonePattern,
  profileConstraints,
  toProfileRow,
  type ProfileInput,
} from '../../../src/features/accounts/rules'

const long = (length: number) => 'x'.repeat(length)

interface Case<I> {
  name: string
  input: Partial<I>
  refused: boolean
}

describe('one schema per entity agrees with the database', () => {
  const server = useTestServer('pglite')
  const { admin: staff, james } = useSeedClients(server, 'admin', 'james')

  /**
   * The schema's verdict, the database's, and (when the database names a constraint the entity
   * maps) the field each puts the refusal on.
   */
  async function verdicts<I>(
    check: (input: Partial<I>) => { problems: { field: string }[] },
    insert: (input: I) => PromiseLike<{ error: { message: string } | null }>,
    constraints: Record<string, { field: string }>,
    base: I,
    { input }: Case<I>,
  ) {
    const full = { ...base, ...input }
    const schema = check(full).problems
    const { error } = await insert(full)
    // the task triggers are the only ones these tables have (named by their message)
    const constraint = error ? constraintOf(error, taskFailures.triggers) : null
    const mapped = constraint ? constraints[constraint]?.field : undefined
    return { schema: schema.length > 0, database: error !== null, schemaFields: schema.map((p) => p.field), mapped }
  }

  function expectAgreement(result: Awaited<ReturnType<typeof verdicts>>, refused: boolean) {
    expect({ schema: result.schema, database: result.database }).toEqual({ schema: refused, database: refused })
    if (result.mapped) expect(result.schemaFields).toContain(result.mapped)
  }

  const project: ProjectInput = {
    ...emptyProjectInput,
    organizationId: organizations.ribera,
    name: 'Rules check',
    service: 'governance',
  }
  const projectCases: Case<ProjectInput>[] = [
    { name: 'a plain project', input: {}, refused: false },
    { name: 'no organization', input: { organizationId: '' }, refused: true },
    { name: 'an empty name', input: { name: '' }, refused: true },
    { name: 'a name of spaces', input: { name: '   ' }, refused: true },
    { name: 'a name of 200 characters', input: { name: long(200) }, refused: false },
    { name: 'a name of 201 characters', input: { name: long(201) }, refused: true },
    { name: 'a description of 5,000 characters', input: { description: long(5000) }, refused: false },
    { name: 'a description of 5,001 characters', input: { description: long(5001) }, refused: true },
    { name: 'an unknown service', input: { service: 'other' }, refused: true },
    { name: 'an unknown status', input: { status: 'done' }, refused: true },
    { name: 'progress 100', input: { progress: '100' }, refused: false },
    { name: 'progress 101', input: { progress: '101' }, refused: true },
    { name: 'progress -1', input: { progress: '-1' }, refused: true },
    { name: 'progress 12.5', input: { progress: '12.5' }, refused: true },
    { name: 'progress that is not a number', input: { progress: 'abc' }, refused: true },
    { name: 'completed at 50%', input: { status: 'completed', progress: '50' }, refused: true },
    { name: 'completed at 100%', input: { status: 'completed', progress: '100' }, refused: false },
    { name: 'a start on 2026-02-30', input: { startDate: '2026-02-30' }, refused: true },
    { name: 'a due date on 2026-13-01', input: { dueDate: '2026-13-01' }, refused: true },
    { name: 'a start on 2028-02-29', input: { startDate: '2028-02-29' }, refused: false },
    { name: 'due before start', input: { startDate: '2026-03-01', dueDate: '2026-02-28' }, refused: true },
    { name: 'due on the start', input: { startDate: '2026-03-01', dueDate: '2026-03-01' }, refused: false },
    { name: 'completed before start', input: { startDate: '2026-03-01', completedOn: '2026-02-01' }, refused: true },
  ]

  it.each(projectCases)('projects: $name', async (testCase) => {
    const result = await verdicts(
      checkProject,
      (input: ProjectInput) => staff.from('projects').insert(toProjectRow(input)),
      projectConstraints,
      project,
      testCase,
    )
    expectAgreement(result, testCase.refused)
  })

  const task: TaskInput = {
    title: 'Rules check',
    description: '',
    assignedTo: '',
    dueDate: '',
    priority: 'medium',
    status: 'todo',
    visibleToClient: true,
  }
  const taskCases: Case<TaskInput>[] = [
    { name: 'a plain task', input: {}, refused: false },
    { name: 'an empty title', input: { title: ' ' }, refused: true },
    { name: 'a title of 200 characters', input: { title: long(200) }, refused: false },
    { name: 'a title of 201 characters', input: { title: long(201) }, refused: true },
    { name: 'a description of 5,001 characters', input: { description: long(5001) }, refused: true },
    { name: 'an unknown priority', input: { priority: 'critical' }, refused: true },
    { name: 'an unknown status', input: { status: 'doing' }, refused: true },
    { name: 'a due date on 2026-02-30', input: { dueDate: '2026-02-30' }, refused: true },
    { name: 'a due date on 2026-02-28', input: { dueDate: '2026-02-28' }, refused: false },
    { name: 'done', input: { status: 'done' }, refused: false },
    { name: "assigned to the organization's client", input: { assignedTo: users.lucia }, refused: false },
    { name: 'assigned to staff, internal', input: { assignedTo: users.admin, visibleToClient: false }, refused: false },
    {
      name: 'internal and assigned to a client',
      input: { assignedTo: users.lucia, visibleToClient: false },
      refused: true,
    },
    { name: "assigned to another organization's client", input: { assignedTo: users.daniel }, refused: true },
  ]

  it.each(taskCases)('tasks: $name', async (testCase) => {
    // the people the form offers: the organization's clients and staff
    const { rows } = await server.deps.db.query<{ id: string; role: string }>(
      `select id, role from public.profiles where role <> 'client' or organization_id = $1`,
      [organizations.ribera],
    )
    const people = {
      assignable: new Set(rows.map((row) => row.id)),
      clients: new Set(rows.filter((row) => row.role === 'client').map((row) => row.id)),
    }
    const result = await verdicts(
      (input: Partial<TaskInput>) => checkTask(input, people),
      (input: TaskInput) => {
        const row = toTaskRow(input)
        const completed_at = row.status === 'done' ? new Date().toISOString() : null
        return staff.from('tasks').insert({ ...row, completed_at, project_id: projects.riberaDashboard })
      },
      taskConstraints,
      task,
      testCase,
    )
    expectAgreement(result, testCase.refused)
  })

  const report: ReportInput = {
    title: 'Rules check',
    reportType: 'monthly',
    locale: 'es',
    periodStart: '',
    periodEnd: '',
    summary: '',
    dashboardUrl: '',
    documentId: '',
  }
  const reportCases: Case<ReportInput>[] = [
    { name: 'a plain report', input: {}, refused: false },
    { name: 'an empty title', input: { title: '' }, refused: true },
    { name: 'a title of 201 characters', input: { title: long(201) }, refused: true },
    { name: 'an unknown type', input: { reportType: 'yearly' }, refused: true },
    { name: 'an unknown language', input: { locale: 'fr' }, refused: true },
    { name: 'a summary of 5,000 characters', input: { summary: long(5000) }, refused: false },
    { name: 'a summary of 5,001 characters', input: { summary: long(5001) }, refused: true },
    {
      name: 'a period ending on 2026-02-30',
      input: { periodStart: '2026-02-01', periodEnd: '2026-02-30' },
      refused: true,
    },
    {
      name: 'a period ending before it starts',
      input: { periodStart: '2026-02-02', periodEnd: '2026-02-01' },
      refused: true,
    },
    { name: 'a one-day period', input: { periodStart: '2026-02-01', periodEnd: '2026-02-01' }, refused: false },
    { name: 'an https dashboard link', input: { dashboardUrl: 'https://bi.example.com/ventas' }, refused: false },
    { name: 'an http dashboard link', input: { dashboardUrl: 'http://bi.example.com' }, refused: true },
    { name: 'a dashboard link with a space', input: { dashboardUrl: 'https://bi.example.com/a b' }, refused: true },
    { name: 'a dashboard link of 500 characters', input: { dashboardUrl: `https://${long(492)}` }, refused: false },
    { name: 'a dashboard link of 501 characters', input: { dashboardUrl: `https://${long(493)}` }, refused: true },
    { name: "one of the project's documents", input: { documentId: documents.riberaKpiSpec }, refused: false },
    {
      name: 'a document that does not exist',
      input: { documentId: '2a000000-0000-4000-8000-0000000000ff' },
      refused: true,
    },
  ]

  it.each(reportCases)('reports: $name', async (testCase) => {
    const { rows } = await server.deps.db.query<{ id: string }>(
      'select id from public.documents where project_id = $1',
      [projects.riberaDashboard],
    )
    const attachable = new Set(rows.map((row) => row.id))
    const result = await verdicts(
      (input: Partial<ReportInput>) => checkReport(input, attachable),
      (input: ReportInput) =>
        staff.from('reports').insert({
          ...toReportRow(input),
          document_id: input.documentId || null,
          project_id: projects.riberaDashboard,
          status: 'draft',
        }),
      reportConstraints,
      report,
      testCase,
    )
    expectAgreement(result, testCase.refused)
  })

  const document: DocumentInput = { name: '', description: '', category: 'deliverable', visibleToClient: false }
  const documentCases: Case<DocumentInput>[] = [
    { name: "no name (the file's is used)", input: {}, refused: false },
    { name: 'a name of 255 characters', input: { name: long(255) }, refused: false },
    { name: 'a name of 256 characters', input: { name: long(256) }, refused: true },
    { name: 'a description of 2,000 characters', input: { description: long(2000) }, refused: false },
    { name: 'a description of 2,001 characters', input: { description: long(2001) }, refused: true },
    { name: 'an unknown category', input: { category: 'invoice' }, refused: true },
  ]

  it.each(documentCases)('documents: $name', async (testCase) => {
    const result = await verdicts(
      checkDocument,
      async (input: DocumentInput) => {
        // the row records a stored file, as the upload form does
        const path = objectPath(organizations.ribera, projects.riberaDashboard, `${randomUUID()}.txt`)
        const { error } = await staff.storage.from('documents').upload(path, 'rules', { contentType: 'text/plain' })
        expect(error).toBeNull()
        return staff.from('documents').insert({
          ...toDocumentRow(input, 'entrega.txt'),
          project_id: projects.riberaDashboard,
          storage_path: path,
          mime_type: 'text/plain',
          size_bytes: 5,
        })
      },
      documentConstraints,
      document,
      testCase,
    )
    expectAgreement(result, testCase.refused)
  })

  const organization: OrganizationInput = { ...emptyOrganizationInput, name: 'Rules check', slug: 'rules-check' }
  const unique = () => `rules-${randomUUID().slice(0, 8)}`
  const organizationCases: Case<OrganizationInput>[] = [
    { name: 'a plain organization', input: {}, refused: false },
    { name: 'an empty name', input: { name: '' }, refused: true },
    { name: 'a name of one letter', input: { name: 'A' }, refused: true },
    { name: 'a name of two letters', input: { name: 'AB' }, refused: false },
    { name: 'a name of spaces around one letter', input: { name: '  A  ' }, refused: true },
    { name: 'a name of 200 characters', input: { name: long(200) }, refused: false },
    { name: 'a name of 201 characters', input: { name: long(201) }, refused: true },
    { name: 'an empty short name', input: { slug: '' }, refused: true },
    { name: 'a short name with capitals', input: { slug: 'Rules-Check' }, refused: true },
    { name: 'a short name with a double hyphen', input: { slug: 'rules--check' }, refused: true },
    { name: 'a short name ending in a hyphen', input: { slug: 'rules-check-' }, refused: true },
    { name: 'a short name of 80 characters', input: { slug: `${unique()}-${'a'.repeat(65)}` }, refused: false },
    { name: 'a short name of 81 characters', input: { slug: `${unique()}-${'a'.repeat(66)}` }, refused: true },
    { name: 'a legal name of 200 characters', input: { legalName: long(200) }, refused: false },
    { name: 'a legal name of 201 characters', input: { legalName: long(201) }, refused: true },
    { name: 'a tax ID of 40 characters', input: { taxId: long(40) }, refused: false },
    { name: 'a tax ID of 41 characters', input: { taxId: long(41) }, refused: true },
    { name: 'a country code in lower case', input: { countryCode: 'es' }, refused: false },
    { name: 'a country code of three letters', input: { countryCode: 'ESP' }, refused: true },
    { name: 'a country code with a digit', input: { countryCode: 'E1' }, refused: true },
    { name: 'an industry of 100 characters', input: { industry: long(100) }, refused: false },
    { name: 'an industry of 101 characters', input: { industry: long(101) }, refused: true },
    { name: 'an https address', input: { website: 'https://example.com' }, refused: false },
    { name: 'an address without a scheme', input: { website: 'example.com' }, refused: false },
    { name: 'an address with a port and no scheme', input: { website: 'example.com:8080/a' }, refused: false },
    { name: 'an http address', input: { website: 'http://example.com' }, refused: false },
    { name: 'an ftp address', input: { website: 'ftp://example.com' }, refused: true },
    { name: 'an address with a broken scheme', input: { website: 'https:/example.com' }, refused: true },
    { name: 'an address with a space', input: { website: 'https://exa mple.com' }, refused: true },
    { name: 'an address of 300 characters', input: { website: `https://${'a'.repeat(292)}` }, refused: false },
    { name: 'an address of 301 characters', input: { website: `https://${'a'.repeat(293)}` }, refused: true },
    { name: 'an address of 292 characters and no scheme', input: { website: 'a'.repeat(292) }, refused: false },
    { name: 'an address of 293 characters and no scheme', input: { website: 'a'.repeat(293) }, refused: true },
    { name: 'an unknown language', input: { defaultLocale: 'fr' }, refused: true },
  ]

  it.each(organizationCases)('organizations: $name', async (testCase) => {
    const result = await verdicts(
      checkOrganization,
      // each accepted row needs a short name of its own
      (input: OrganizationInput) =>
        staff
          .from('organizations')
          .insert(toOrganizationRow(input.slug === 'rules-check' ? { ...input, slug: unique() } : input)),
      organizationConstraints,
      organization,
      testCase,
    )
    expectAgreement(result, testCase.refused)
  })

  it('organizations: an address without a scheme is stored as https, by the form and by the database alike', async () => {
    const input = { ...organization, slug: unique(), website: ' example.com/about ' }
    const checked = checkOrganization(input)
    expect(checked.values?.website).toBe('https://example.com/about')
    expect(toOrganizationRow(input).website).toBe('https://example.com/about')
    // sent as typed through the API, without the form: the database adds the scheme by the same rule
    const raw = { ...toOrganizationRow({ ...input, slug: unique() }), website: 'example.com/about' }
    const { data, error } = await staff.from('organizations').insert(raw).select('website').single()
    expect(error).toBeNull()
    expect(data?.website).toBe('https://example.com/about')
    const kept = await staff
      .from('organizations')
      .update({ website: 'http://example.org' })
      .eq('slug', raw.slug)
      .select('website')
      .single()
    expect(kept.data?.website).toBe('http://example.org')
  })

  it('organizations: a short name already taken is refused by the database, on the short name field', async () => {
    const input = { ...organization, slug: 'almacenes-ribera' }
    expect(checkOrganization(input).problems).toEqual([])
    const { error } = await staff.from('organizations').insert(toOrganizationRow(input))
    expect(error).not.toBeNull()
    expect(organizationConstraints[constraintOf(error) ?? '']).toEqual({ field: 'slug', rule: 'slugTaken' })
  })

  // A person's own profile: the account page saves it as the person, on their own row.
  const profile: ProfileInput = { fullName: 'James Carter', jobTitle: '', phone: '' }
  const profileCases: Case<ProfileInput>[] = [
    { name: 'a plain profile', input: {}, refused: false },
    { name: 'a name of 200 characters', input: { fullName: long(200) }, refused: false },
    { name: 'a name of 201 characters', input: { fullName: long(201) }, refused: true },
    { name: 'a job title of 120 characters', input: { jobTitle: long(120) }, refused: false },
    { name: 'a job title of 121 characters', input: { jobTitle: long(121) }, refused: true },
    { name: 'a phone with a country code', input: { phone: '+34 600 123 456' }, refused: false },
    { name: 'a phone with brackets, dots and dashes', input: { phone: '91 (555) 12-34.56' }, refused: false },
    { name: 'a phone of 40 characters', input: { phone: `+1${'2'.repeat(38)}` }, refused: false },
    { name: 'a phone of 41 characters', input: { phone: `+1${'2'.repeat(39)}` }, refused: true },
    { name: 'a phone of six characters', input: { phone: '600123' }, refused: false },
    { name: 'a phone of five characters', input: { phone: '60012' }, refused: true },
    { name: 'a phone with letters', input: { phone: '+34 600 abc' }, refused: true },
    { name: 'a phone starting with a bracket', input: { phone: '(91) 555-12.34' }, refused: true },
    { name: 'a phone with two plus signs', input: { phone: '++34600123456' }, refused: true },
  ]

  it.each(profileCases)('profiles: $name', async (testCase) => {
    const result = await verdicts(
      checkProfile,
      (input: ProfileInput) =>
        james.from('profiles').update(toProfileRow(input)).eq('id', users.james).select('id').single(),
      profileConstraints,
      profile,
      testCase,
    )
    expectAgreement(result, testCase.refused)
  })

  it('profiles: the form asks for a name, which the table does not (a new account has none yet)', async () => {
    expect(checkProfile({ ...profile, fullName: ' ' }).problems).toMatchObject([{ field: 'fullName' }])
    const { error } = await james.from('profiles').update({ full_name: '' }).eq('id', users.james).select('id').single()
    expect(error).toBeNull()
    await james.from('profiles').update({ full_name: profile.fullName }).eq('id', users.james)
  })

  it('profiles: the check constraint holds the very phone pattern the form tests', async () => {
    const { rows } = await server.deps.db.query<{ holds: boolean }>(
      `select strpos(pg_get_constraintdef(oid), $$phone ~ '$$ || replace($1, $$'$$, $$''$$) || $$'::text$$) > 0 as holds
         from pg_constraint where conname = 'profiles_phone_format'`,
      [phonePattern.source],
    )
    expect(rows).toEqual([{ holds: true }])
  })

  // The contact form keeps its own rules module (decision 0024), but its e-mail rule and the
  // table's are one: zod's z.email() (src/lib/email-address.ts), the invitations' rule too.
  const contact: ContactValues = {
    ...emptyContact,
    name: 'Rules check',
    email: 'ana@example.org',
    company: 'Conservas Pérez',
    interest: 'other',
    message: 'Hola',
    privacy: true,
  }
  const contactEmailCases: { name: string; email: string; refused: boolean }[] = [
    { name: 'a plain address', email: 'ana.perez@example.org', refused: false },
    { name: 'an apostrophe, a plus and capitals', email: "O'Brien+leads@Mail.Example.co", refused: false },
    { name: 'an address of 254 characters', email: `${'a'.repeat(242)}@example.org`, refused: false },
    { name: 'an address of 255 characters', email: `${'a'.repeat(243)}@example.org`, refused: true },
    {
      name: 'a hidden Bcc and subject',
      email: 'mallory@evil.example?bcc=spy%40attacker.example&subject=hi',
      refused: true,
    },
    { name: 'an ampersand', email: 'mallory@evil.example&cc=spy', refused: true },
    { name: 'a fragment', email: 'mallory@evil.example#x', refused: true },
    { name: 'a percent sign', email: 'mallory%40evil.example@attacker.example', refused: true },
    { name: 'a display name in brackets', email: 'Mallory <mallory@evil.example>', refused: true },
    { name: 'two addresses', email: 'ana@example.org,spy@attacker.example', refused: true },
    { name: 'a space inside', email: 'ana perez@example.org', refused: true },
    { name: 'a quoted local part', email: '"ana"@example.org', refused: true },
    { name: 'no top-level domain', email: 'ana@example', refused: true },
    { name: 'a one-letter top-level domain', email: 'ana@example.c', refused: true },
    { name: 'two dots in a row', email: 'ana..perez@example.org', refused: true },
    { name: 'a local part ending in an apostrophe', email: "ana'@example.org", refused: true },
    { name: 'an accented letter', email: 'josé@example.org', refused: true },
  ]

  it.each(contactEmailCases)('contact form e-mail: $name', async ({ email, refused }) => {
    const values = { ...contact, email }
    const schema = fieldProblem('email', values) !== undefined
    // The service role: no rate limit, the same constraints.
    const { error } = await server.serviceClient().from('contact_messages').insert(toRow(values, 'en'))
    expect({ schema, database: error !== null }).toEqual({ schema: refused, database: refused })
    if (error) expect(constraintField(error.message)).toBe('email')
  })

  it('contact form e-mail: the check constraint holds the very pattern the form tests', async () => {
    const { rows } = await server.deps.db.query<{ holds: boolean }>(
      `select strpos(pg_get_constraintdef(oid), $$email ~ '$$ || replace($1, $$'$$, $$''$$) || $$'::text$$) > 0 as holds
         from pg_constraint where conname = 'contact_messages_email_format'`,
      [emailAddressPattern.source],
    )
    expect(rows).toEqual([{ holds: true }])
  })
})
