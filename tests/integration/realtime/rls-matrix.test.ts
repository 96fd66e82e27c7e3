// The RLS matrix, live: every actor (anonymous, a client of each organization, an admin, a
// super_admin) subscribes through supabase-js to every table of the supabase_realtime publication;
// rows each actor may and may not select are inserted, updated and deleted; each actor must receive
// exactly the changes of the rows its policies let it select, never one more. Rows written by
// triggers meanwhile (activity log, notifications) are checked against a select as that actor.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { actorList, actorUser, tryAs, type Actor } from '../rls/run-as'
import { objectPath, organizations, projects, users } from '../rls/seed-ids'
import { changeKeys, clientAs, subscribed, watch, type Watched } from './support'

const published = [
  'projects',
  'documents',
  'reports',
  'tasks',
  'notifications',
  'activity_log',
  'conversation_messages',
]
const staff: Actor[] = ['admin', 'superAdmin']
const seesA: Actor[] = ['clientA', ...staff]
const seesB: Actor[] = ['clientB', ...staff]

const id = (n: number) => `e0000000-0000-4000-8000-${String(n).padStart(12, '0')}`

/** Each row: how to write it, change it and remove it, and who may select it. */
interface RowSpec {
  table: string
  id: string
  insert: [string, unknown[]]
  update: string
  who: Actor[]
}

function rows(): RowSpec[] {
  const project = (n: number, organization: string, visible: boolean, who: Actor[]): RowSpec => ({
    table: 'projects',
    id: id(n),
    insert: [
      `insert into public.projects (id, organization_id, name, service, visible_to_client) values ($1, $2, 'RT project', 'governance', $3)`,
      [id(n), organization, visible],
    ],
    update: `update public.projects set progress = 10 where id = $1`,
    who,
  })
  const document = (n: number, organization: string, project: string, visible: boolean, who: Actor[]): RowSpec => ({
    table: 'documents',
    id: id(n),
    insert: [
      `insert into public.documents (id, project_id, name, storage_path, mime_type, visible_to_client)
       values ($1, $2, 'RT document', $3, 'application/pdf', $4)`,
      [id(n), project, objectPath(organization, project, `rt-${n}.pdf`), visible],
    ],
    update: `update public.documents set description = 'changed' where id = $1`,
    who,
  })
  const report = (n: number, project: string, published: boolean, who: Actor[]): RowSpec => ({
    table: 'reports',
    id: id(n),
    insert: [
      `insert into public.reports (id, project_id, title, status, published_at) values ($1, $2, 'RT report', $3, $4)`,
      [id(n), project, published ? 'published' : 'draft', published ? new Date().toISOString() : null],
    ],
    update: `update public.reports set summary = 'changed' where id = $1`,
    who,
  })
  const task = (n: number, project: string, internal: boolean, who: Actor[]): RowSpec => ({
    table: 'tasks',
    id: id(n),
    insert: [
      `insert into public.tasks (id, project_id, title, is_internal) values ($1, $2, 'RT task', $3)`,
      [id(n), project, internal],
    ],
    update: `update public.tasks set priority = 'high' where id = $1`,
    who,
  })
  const notification = (n: number, recipient: string, who: Actor[]): RowSpec => ({
    table: 'notifications',
    id: id(n),
    insert: [
      `insert into public.notifications (id, recipient_id, kind, title, dedupe_key) values ($1, $2, 'task_assigned', 'RT', $3)`,
      [id(n), recipient, `rt-${n}`],
    ],
    update: `update public.notifications set read_at = now() where id = $1`,
    who,
  })
  const message = (n: number, project: string, internal: boolean, who: Actor[]): RowSpec => ({
    table: 'conversation_messages',
    id: id(n),
    insert: [
      `insert into public.conversation_messages (id, project_id, body, is_internal) values ($1, $2, 'RT message', $3)`,
      [id(n), project, internal],
    ],
    update: `update public.conversation_messages set body = 'changed' where id = $1`,
    who,
  })
  return [
    project(1, organizations.ribera, true, seesA),
    project(2, organizations.ribera, false, staff),
    project(3, organizations.kuntur, true, seesB),
    document(11, organizations.ribera, projects.riberaDashboard, true, seesA),
    document(12, organizations.ribera, projects.riberaDashboard, false, staff),
    document(13, organizations.ribera, projects.riberaHidden, true, staff),
    document(14, organizations.kuntur, projects.kunturScoring, true, seesB),
    report(21, projects.riberaDashboard, true, seesA),
    report(22, projects.riberaDashboard, false, staff),
    report(23, projects.kunturScoring, true, seesB),
    task(31, projects.riberaDashboard, false, seesA),
    task(32, projects.riberaDashboard, true, staff),
    task(33, projects.kunturIngestion, false, seesB),
    notification(41, users.lucia, ['clientA']),
    notification(42, users.daniel, ['clientB']),
    notification(43, users.admin, ['admin']),
    message(51, projects.riberaDashboard, false, seesA),
    message(52, projects.riberaDashboard, true, staff),
    message(53, projects.riberaHidden, false, staff),
    message(54, projects.kunturScoring, false, seesB),
  ]
}

describeEachDatabase('Realtime RLS matrix on %s', (kind) => {
  let server: TestServer
  const clients = new Map<Actor, SupabaseClient>()
  const watched = new Map<Actor, Watched>()
  const expected = new Map<Actor, Set<string>>(actorList.map((actor) => [actor, new Set()]))
  let sentinel = 100

  beforeAll(async () => {
    server = await startTestServer(kind)
    const base = await server.listen()
    for (const actor of actorList) {
      const client = await clientAs(server, base, actor)
      clients.set(actor, client)
      watched.set(
        actor,
        watch(
          client,
          `matrix-${actor}`,
          published.map((table) => ({ table })),
        ),
      )
    }
  })
  afterAll(async () => {
    for (const client of clients.values()) await client.removeAllChannels()
    await server.close()
  })

  /**
   * Runs one phase of writes as the database owner, then waits until every signed-in actor has
   * received a notification written after them (changes are delivered in commit order), and adds
   * to the expectations the trigger-written rows each actor can select now.
   */
  async function phase(write: (db: TestServer['deps']['db']) => Promise<void>) {
    const db = server.deps.db
    const { rows: marks } = await db.query<{ activity: string; at: string }>(
      `select coalesce(max(id), 0)::text as activity, clock_timestamp()::text as at from public.activity_log`,
    )
    const mark = marks[0]!
    await write(db)
    const markers: string[] = []
    for (const actor of actorList) {
      if (actor === 'anon') continue
      const marker = id(++sentinel)
      markers.push(marker)
      await db.query(
        `insert into public.notifications (id, recipient_id, kind, title, dedupe_key) values ($1, $2, 'task_assigned', 'sentinel', $3)`,
        [marker, actorUser[actor], `rt-${marker}`],
      )
      expected.get(actor)!.add(`notifications:INSERT:${marker}`)
      await expect
        .poll(() => changeKeys(watched.get(actor)!), { timeout: 15_000 })
        .toContain(`notifications:INSERT:${marker}`)
    }
    for (const actor of actorList) {
      const activity = await tryAs(db, actor, `select id from public.activity_log where id > $1::bigint`, [
        mark.activity,
      ])
      const notices = await tryAs(
        db,
        actor,
        `select id from public.notifications where created_at >= $1::timestamptz and id <> all($2::uuid[])
           and id::text not like 'e0000000-%'`,
        [mark.at, markers],
      )
      for (const [table, outcome] of [
        ['activity_log', activity],
        ['notifications', notices],
      ] as const)
        if (outcome.ok) for (const row of outcome.rows) expected.get(actor)!.add(`${table}:INSERT:${String(row.id)}`)
    }
  }

  it('subscribes every signed-in actor to every published table, and refuses anon (no SELECT privilege)', async () => {
    for (const actor of actorList) {
      const channel = watched.get(actor)!
      if (actor === 'anon') {
        expect(await channel.settled).toBe('SUBSCRIBED')
        await expect.poll(() => channel.system.length).toBe(1)
        expect(channel.system[0]).toMatchObject({ extension: 'postgres_changes', status: 'error' })
        expect(channel.system[0]!.message).toMatch(/^Unable to subscribe to changes with given parameters/)
      } else await subscribed(channel)
    }
  })

  it('delivers inserts, updates and deletes of each published table only to the actors who may select the row', async () => {
    const specs = rows()
    await phase(async (db) => {
      for (const spec of specs) await db.query(spec.insert[0], spec.insert[1])
    })
    await phase(async (db) => {
      for (const spec of specs) await db.query(spec.update, [spec.id])
    })
    await phase(async (db) => {
      for (const spec of [...specs].reverse())
        await db.query(`delete from public.${spec.table} where id = $1`, [spec.id])
    })
    for (const spec of specs)
      for (const actor of spec.who)
        for (const type of ['INSERT', 'UPDATE', 'DELETE']) expected.get(actor)!.add(`${spec.table}:${type}:${spec.id}`)

    for (const actor of actorList) {
      const received = changeKeys(watched.get(actor)!)
      expect(new Set(received), `${actor} received`).toEqual(expected.get(actor))
      // Once each: no change twice.
      expect(received).toHaveLength(expected.get(actor)!.size)
    }
    // The matrix is not empty for anyone signed in, and every table was seen by someone.
    for (const actor of actorList.filter((a) => a !== 'anon')) expect(expected.get(actor)!.size).toBeGreaterThan(3)
    for (const table of published)
      expect(
        actorList.some((actor) => changeKeys(watched.get(actor)!, table).length > 0),
        table,
      ).toBe(true)
    expect(watched.get('anon')!.changes).toEqual([])
  })

  it('sends a client only the columns and values of its own rows, and deletes with the primary key only', async () => {
    const lucia = watched.get('clientA')!
    const deleted = lucia.changes.find((change) => change.table === 'tasks' && change.eventType === 'DELETE')
    expect(deleted?.old).toEqual({ id: id(31) })
    const inserted = lucia.changes.find((change) => change.table === 'tasks' && change.eventType === 'INSERT')
    expect(inserted?.new).toMatchObject({ id: id(31), title: 'RT task', is_internal: false })
    const updated = lucia.changes.find((change) => change.table === 'tasks' && change.eventType === 'UPDATE')
    expect(updated?.new).toMatchObject({ id: id(31), priority: 'high' })
    expect(updated?.old).toEqual({ id: id(31) })
  })
})
