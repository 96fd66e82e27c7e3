// Download records as the database keeps them (decision 0028), for every actor: the table is read
// by staff only and written by nobody directly; public.record_document_download records a download
// for exactly those who may read the document under its select policy, as themselves and with the
// document's current version, and answers everyone else as it answers a document that does not
// exist. Real SQL through withRequestContext, as the APIs run it.
import { beforeAll, expect, it } from 'vitest'
import { describeEachDatabase, useTestServer } from '../support/server'
import { DENIED, checkOutcome, describeExpectation, sees, type Expectation } from './expectations'
import { as, tryAs, type contextFor } from './run-as'
import { documents, users } from './seed-ids'
import { addMfaStaffAndInactiveClient, mfaStaff, inactiveClient } from './people'

type Who = Parameters<typeof contextFor>[0]

const nowhere = '2a000000-0000-4000-8000-0000000000ff'

// Each actor and how many of the 15 seeded documents its select policy lets it read.
const actors: [name: string, who: Who, readable: number][] = [
  ['client of Ribera (Lucía)', 'clientA', 5],
  ['client of Kuntur Pay (Daniel)', 'clientB', 6],
  ['admin', 'admin', 15],
  ['super_admin', 'superAdmin', 15],
  ['staff with a verified factor at aal1', { sub: mfaStaff, aal: 'aal1' }, 0],
  ['staff with a verified factor at aal2', { sub: mfaStaff, aal: 'aal2' }, 15],
  ['deactivated client of Ribera', { sub: inactiveClient }, 0],
]

const record = 'select public.record_document_download($1)'
const NOT_FOUND: Expectation = { error: 'PT404', message: /^Document not found$/ }

// Beyond the matrix (matrix.test.ts has the table for anon, both clients and staff): staff at aal1,
// the service role, the sequence, and who may call the two functions. Rows are fixtures committed below.
// prettier-ignore
const table: [Who, string, Expectation][] = [
  [{ sub: mfaStaff, aal: 'aal1' }, 'select id from public.document_downloads', sees(0)],
  [{ sub: mfaStaff, aal: 'aal2' }, 'select id from public.document_downloads', sees(3)],
  ['service_role', 'select id from public.document_downloads', sees(3)],
  ['service_role', `insert into public.document_downloads (document_id, version, reader_id) values ('${documents.riberaKpiSpec}', 1, '${users.lucia}')`, DENIED],
  ['service_role', 'update public.document_downloads set downloaded_at = now()', DENIED],
  ['service_role', 'delete from public.document_downloads', DENIED],
  ...(['anon', 'clientA', 'admin', 'service_role'] as const).map((who): [Who, string, Expectation] => [
    who, `select setval('public.document_downloads_id_seq', 1000)`, DENIED,
  ]),
  // Recording is for signed-in people only.
  ['anon', `select public.record_document_download('${documents.riberaKpiSpec}')`, DENIED],
  ['service_role', `select public.record_document_download('${documents.riberaKpiSpec}')`, DENIED],
  // The staff list answers clients with nothing, as before, and visitors not at all.
  ['clientA', `select public.project_document_downloads(project_id) as list from public.documents where id = '${documents.riberaKpiSpec}'`, sees(1)],
  ['anon', `select public.project_document_downloads('${documents.riberaKpiSpec}')`, DENIED],
]

const label = (who: Who) => (typeof who === 'string' ? who : `${who.sub}${who.aal ? ` at ${who.aal}` : ''}`)

describeEachDatabase('download records under RLS on %s', (kind) => {
  const server = useTestServer(kind)
  let seeded: string[]
  const sql = <T = Record<string, unknown>>(text: string, params: unknown[] = []) =>
    server.deps.db.query<T>(text, params).then((r) => r.rows)

  beforeAll(async () => {
    const db = server.deps.db
    // A staff member with a verified factor and a deactivated client of Ribera (people.ts), and
    // three records of Ribera's shared specification, committed as the owner.
    await addMfaStaffAndInactiveClient(db)
    await db.query(
      `insert into public.document_downloads (document_id, version, reader_id)
       values ($1, 1, $2), ($1, 1, $3), ($1, 1, $4)`,
      [documents.riberaKpiSpec, users.lucia, users.james, users.admin],
    )
    seeded = (await sql<{ id: string }>('select id from public.documents order by id')).map((row) => row.id)
  })

  it.each(
    table.map(
      ([who, statement, expected]) =>
        [`${label(who)}: ${statement} → ${describeExpectation(expected)}`, who, statement, expected] as const,
    ),
  )('%s', async (_name, who, statement, expected) => {
    const outcome = await tryAs(server.deps.db, who, statement)
    checkOutcome(outcome, expected)
    if (outcome.ok && statement.includes('project_document_downloads')) expect(outcome.rows[0]!.list).toEqual([])
  })

  it.each(actors)(
    '%s records exactly the documents its select policy lets it read, and gets "not found" for the rest',
    async (_name, who, readable) => {
      const recorded: string[] = []
      for (const id of [...seeded, nowhere]) {
        const visible = await tryAs(server.deps.db, who, 'select id from public.documents where id = $1', [id])
        expect(visible.ok).toBe(true)
        const outcome = await tryAs(server.deps.db, who, record, [id])
        if (visible.ok && visible.rows.length === 1) {
          checkOutcome(outcome, { sees: 1 })
          recorded.push(id)
        } else {
          checkOutcome(outcome, NOT_FOUND)
        }
      }
      expect(recorded).toHaveLength(readable)
    },
  )

  it('records the caller and the document’s current version, whatever else is sent', async () => {
    // A new file is a new version (the version trigger counts it).
    await sql(`update public.documents set storage_path = storage_path || '.v2' where id = $1`, [
      documents.riberaClientUpload,
    ])
    const { version } = (
      await sql<{ version: number }>('select version from public.documents where id = $1', [
        documents.riberaClientUpload,
      ])
    )[0]!
    expect(version).toBeGreaterThan(1)
    await as(server.deps.db, 'clientA', (tx) => tx.query(record, [documents.riberaClientUpload]))
    expect(
      await sql('select reader_id, version from public.document_downloads where document_id = $1', [
        documents.riberaClientUpload,
      ]),
    ).toEqual([{ reader_id: users.lucia, version }])
    // The function takes the document and nothing else: there is no reader or version to forge.
    const [signature] = await sql<{ args: string }>(
      `select pg_get_function_identity_arguments('public.record_document_download'::regproc) as args`,
    )
    expect(signature!.args).toBe('p_document_id uuid')
  })
})
