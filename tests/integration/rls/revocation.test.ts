// Revocation held by the database itself (migration revocation_in_sql, decision 0028): with the
// claims set as PostgREST sets them and no server in front, a token whose session was signed out,
// reached its end or belongs to someone else gets no rights from any role helper, and a staff
// preview's token stops with its preview or its staff session. The same token while its session
// lives sees exactly what it saw before. Every case is real SQL through withRequestContext.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { ALLOWED, DENIED, FILTERED, checkOutcome, refused, type Expectation } from './expectations'
import { tryAs, type Outcome, type UserActor } from './run-as'
import { documents, objectPath, organizations, projects, users } from './seed-ids'

const ids = {
  luciaLive: 'e0000000-0000-4000-8000-000000000001',
  luciaSignedOut: 'e0000000-0000-4000-8000-000000000002',
  luciaPastEnd: 'e0000000-0000-4000-8000-000000000003',
  danielLive: 'e0000000-0000-4000-8000-000000000004',
  adminLive: 'e0000000-0000-4000-8000-000000000005',
  adminSignedOut: 'e0000000-0000-4000-8000-000000000006',
  /** The staff session the previews below were opened from. */
  adminPreviewing: 'e0000000-0000-4000-8000-000000000007',
  adminPreviewingGone: 'e0000000-0000-4000-8000-000000000008',
  previewOpen: 'f0000000-0000-4000-8000-000000000001',
  previewLeft: 'f0000000-0000-4000-8000-000000000002',
  previewPastEnd: 'f0000000-0000-4000-8000-000000000003',
  previewOfGoneSession: 'f0000000-0000-4000-8000-000000000004',
}

const client = (session?: string): UserActor => ({ sub: users.lucia, claims: session ? { session_id: session } : {} })
const staff = (session?: string): UserActor => ({
  sub: users.admin,
  aal: 'aal2',
  claims: session ? { session_id: session } : {},
})
/** A preview token as the view-as function mints it: the client's identity, the staff session. */
const preview = (
  previewId: string | undefined,
  session = ids.adminPreviewing,
  sub: string = users.lucia,
): UserActor => ({
  sub,
  aal: 'aal2',
  claims: {
    session_id: session,
    view_as: users.admin,
    amr: [{ method: 'view_as', timestamp: 0 }],
    ...(previewId ? { view_as_id: previewId } : {}),
  },
})

/** What each token reads; a role helper stands behind every one of them. */
const reads = {
  projects: 'select id from public.projects',
  organizations: 'select id from public.organizations',
  'own profile': 'select id from public.profiles where id = (select auth.uid())',
  documents: 'select id from public.documents',
  'activity log': 'select id from public.activity_log',
  notifications: 'select id from public.notifications',
  'stored files': `select name from storage.objects where bucket_id = 'documents'`,
}

describeEachDatabase('revocation in SQL on %s', (kind) => {
  let server: TestServer
  const run = (who: Parameters<typeof tryAs>[1], sql: string, params: unknown[] = []) =>
    tryAs(server.deps.db, who, sql, params)
  const rowsOf = (outcome: Outcome) => {
    if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`)
    return outcome.rows
  }
  const flag = async (who: Parameters<typeof tryAs>[1], helper: string) =>
    rowsOf(await run(who, `select ${helper} as v`))[0]!.v

  beforeAll(async () => {
    server = await startTestServer(kind)
    const db = server.deps.db
    await db.query(
      `insert into auth.sessions (id, user_id, aal, not_after) values
         ($1, $5, 'aal1', null), ($2, $5, 'aal1', null), ($3, $5, 'aal1', now() - interval '1 minute'),
         ($4, $6, 'aal1', null), ($7, $8, 'aal2', null), ($9, $8, 'aal2', null), ($10, $8, 'aal2', null),
         ($11, $8, 'aal2', null)`,
      [
        ids.luciaLive,
        ids.luciaSignedOut,
        ids.luciaPastEnd,
        ids.danielLive,
        users.lucia,
        users.daniel,
        ids.adminLive,
        users.admin,
        ids.adminSignedOut,
        ids.adminPreviewing,
        ids.adminPreviewingGone,
      ],
    )
    await db.query(
      `insert into private.view_as_previews (id, staff_id, client_id, session_id, ends_at, ended_at) values
         ($1, $5, $6, $7, now() + interval '20 minutes', null),
         ($2, $5, $6, $7, now() + interval '20 minutes', now()),
         ($3, $5, $6, $7, now() - interval '1 minute', null),
         ($4, $5, $6, $8, now() + interval '20 minutes', null)`,
      [
        ids.previewOpen,
        ids.previewLeft,
        ids.previewPastEnd,
        ids.previewOfGoneSession,
        users.admin,
        users.lucia,
        ids.adminPreviewing,
        ids.adminPreviewingGone,
      ],
    )
    // The file behind a document Lucía can read (the golden database holds no files).
    await db.query(
      `insert into storage.objects (bucket_id, name, owner_id)
       select 'documents', d.storage_path, d.uploaded_by::text from public.documents d where d.id = $1`,
      [documents.riberaKpiSpec],
    )
    // Signing out deletes the session row (GoTrue's logout, ours too).
    await db.query('delete from auth.sessions where id = any($1)', [
      [ids.luciaSignedOut, ids.adminSignedOut, ids.adminPreviewingGone],
    ])
  })
  afterAll(() => server.close())

  describe.each([
    ['a client', client, ids.luciaLive, ids.luciaSignedOut],
    ['staff', staff, ids.adminLive, ids.adminSignedOut],
  ] as const)('%s', (_who, as, live, signedOut) => {
    it.each(Object.entries(reads))('reads %s while signed in, nothing once signed out', async (_name, sql) => {
      // A token naming no session (a script's) is the reference: a live session changes nothing.
      const before = rowsOf(await run(as(), sql))
      expect(before.length).toBeGreaterThan(0)
      expect(rowsOf(await run(as(live), sql))).toEqual(before)
      expect(rowsOf(await run(as(signedOut), sql))).toEqual([])
    })
  })

  it('stops a token the moment its session is deleted, for a client and for staff', async () => {
    const db = server.deps.db
    const sessions = await db.query<{ id: string; user_id: string }>(
      `insert into auth.sessions (user_id, aal) values ($1, 'aal1'), ($2, 'aal2') returning id, user_id`,
      [users.lucia, users.admin],
    )
    const luciaSession = sessions.rows.find((row) => row.user_id === users.lucia)!.id
    const adminSession = sessions.rows.find((row) => row.user_id === users.admin)!.id
    expect(await flag(client(luciaSession), 'public.current_client_organization_id()')).toBe(organizations.ribera)
    expect(await flag(staff(adminSession), 'public.is_admin()')).toBe(true)
    await db.query('delete from auth.sessions where id = any($1)', [[luciaSession, adminSession]])
    expect(await flag(client(luciaSession), 'public.current_client_organization_id()')).toBeNull()
    expect(await flag(client(luciaSession), 'public.is_client()')).toBe(false)
    expect(await flag(staff(adminSession), 'public.is_admin()')).toBe(false)
    expect(await flag(staff(adminSession), 'public.is_super_admin()')).toBe(false)
  })

  const upload = `insert into storage.objects (bucket_id, name, owner_id) values ('documents', $1, (select auth.uid())::text)`
  const newFile = objectPath(organizations.ribera, projects.riberaDashboard, 'revocation-check.csv')
  // A data table: one line per case reads better than what the formatter would make of it.
  // prettier-ignore
  const cases: [string, UserActor, string, unknown[], Expectation][] = [
    ['a signed-in client edits their own profile', client(ids.luciaLive), `update public.profiles set full_name = full_name where id = $1`, [users.lucia], ALLOWED],
    ['…signed out, finds nothing to edit', client(ids.luciaSignedOut), `update public.profiles set full_name = full_name where id = $1`, [users.lucia], FILTERED],
    ['a signed-in client uploads into their project', client(ids.luciaLive), upload, [newFile], ALLOWED],
    ['…signed out, may not', client(ids.luciaSignedOut), upload, [newFile], DENIED],
    ['…nor with a session past its end', client(ids.luciaPastEnd), upload, [newFile], DENIED],
    ['…nor with another user\'s live session', client(ids.danielLive), upload, [newFile], DENIED],
    ['…nor with a session id that is no id at all', { sub: users.lucia, claims: { session_id: 'not-a-session' } }, upload, [newFile], DENIED],
    ['signed-in staff edit a project', staff(ids.adminLive), `update public.projects set name = name where id = $1`, [projects.kunturScoring], ALLOWED],
    ['…signed out, find nothing to edit', staff(ids.adminSignedOut), `update public.projects set name = name where id = $1`, [projects.kunturScoring], FILTERED],
    ['signed-in staff open a preview', staff(ids.adminLive), `select public.start_view_as($1, now() + interval '10 minutes')`, [users.lucia], { sees: 1 }],
    ['…signed out, may not', staff(ids.adminSignedOut), `select public.start_view_as($1, now() + interval '10 minutes')`, [users.lucia], refused(/only staff/)],
  ]
  it.each(cases)('%s', async (_name, who, sql, params, expected) => {
    checkOutcome(await run(who, sql, params), expected)
  })

  describe('a staff preview of a client', () => {
    it('reads what the client reads while the preview is open', async () => {
      const theClient = rowsOf(await run(client(), reads.projects))
      expect(theClient.length).toBeGreaterThan(0)
      expect(rowsOf(await run(preview(ids.previewOpen), reads.projects))).toEqual(theClient)
      expect(rowsOf(await run(preview(ids.previewOpen), reads['own profile']))).toEqual([{ id: users.lucia }])
    })

    it.each([
      ['left', preview(ids.previewLeft)],
      ['past its end', preview(ids.previewPastEnd)],
      ['opened from a session since signed out', preview(ids.previewOfGoneSession, ids.adminPreviewingGone)],
      ['naming no preview', preview(undefined)],
      ['naming a preview of another client', preview(ids.previewOpen, ids.adminPreviewing, users.daniel)],
      [
        'naming something that is no preview id',
        { ...preview(ids.previewOpen), claims: { ...preview(ids.previewOpen).claims, view_as_id: 'x' } },
      ],
    ])('reads nothing once %s', async (_case, who) => {
      for (const sql of Object.values(reads)) expect(rowsOf(await run(who, sql)), sql).toEqual([])
      expect(await flag(who, 'public.mfa_satisfied()')).toBe(false)
    })
  })

  it('leaves the anon and service-role keys as they were', async () => {
    expect(await flag('anon', 'public.mfa_satisfied()')).toBe(true)
    expect(await flag('anon', 'public.is_admin()')).toBe(false)
    expect(rowsOf(await run('service_role', reads.projects))).toHaveLength(Object.keys(projects).length)
  })
})
