// public.search (issue 12, item 5): accent- and case-insensitive, finds in both languages where
// the content has both (metric labels, service names), and answers under the caller's RLS: a
// client finds only what they may read (never another organization's rows, a hidden project or
// an unpublished report, never people or leads); staff find organizations, people and leads too.
// It forgives typing errors, and finds tasks and conversation messages: a client only their
// projects' (never internal tasks or notes), staff every one, internal notes included.
import { readFileSync } from 'node:fs'
import type { SupabaseClient } from '@supabase/supabase-js'
import { expect, it } from 'vitest'
import { organizations, projects, reports, users } from './seed-ids'
import { describeEachDatabase, useDemoPasswordClients, useTestServer } from '../support/server'

interface Hit {
  kind: string
  id: string
  title: string
  project_id: string | null
  internal: boolean
}

describeEachDatabase('search on %s', (kind) => {
  const server = useTestServer(kind)
  const { lucia, daniel, admin } = useDemoPasswordClients(server, 'lucia', 'daniel', 'admin')

  const search = async (client: SupabaseClient, query: string): Promise<Hit[]> => {
    const { data, error } = await client.rpc('search', { p_query: query })
    if (error) throw new Error(error.message)
    return data as unknown as Hit[]
  }
  const ids = (hits: Hit[], kind: string) => hits.filter((hit) => hit.kind === kind).map((hit) => hit.id)
  const titleOf = async (table: string, id: string, column = 'name') =>
    (await server.deps.db.query<{ t: string }>(`select ${column} as t from public.${table} where id = $1`, [id]))
      .rows[0]!.t

  it('ignores case and accents on both sides', async () => {
    // the project's description says "categoría"
    for (const query of ['CATEGORIA', 'categoría', 'Categoria']) {
      expect(ids(await search(lucia, query), 'project'), query).toContain(projects.riberaDashboard)
    }
  })

  it('finds a project by its metrics and its service in Spanish and in English', async () => {
    for (const query of ['margen bruto', 'Gross margin', 'inteligencia de negocio', 'business intelligence']) {
      expect(ids(await search(lucia, query), 'project'), query).toContain(projects.riberaDashboard)
    }
  })

  it("never shows a client another organization's rows, a hidden project or an unpublished report", async () => {
    const kunturProject = await titleOf('projects', projects.kunturScoring)
    expect(ids(await search(daniel, kunturProject), 'project')).toEqual([projects.kunturScoring])
    expect(await search(lucia, kunturProject)).toEqual([])

    const hidden = await titleOf('projects', projects.riberaHidden)
    expect(ids(await search(lucia, hidden), 'project')).not.toContain(projects.riberaHidden)
    expect(ids(await search(admin, hidden), 'project')).toContain(projects.riberaHidden)

    const draft = await titleOf('reports', reports.riberaDraft, 'title')
    expect(ids(await search(lucia, draft), 'report')).not.toContain(reports.riberaDraft)
    expect(ids(await search(admin, draft), 'report')).toContain(reports.riberaDraft)
  })

  it('finds organizations, people and leads for staff only', async () => {
    const staff = await search(admin, 'lucia martin')
    expect(ids(staff, 'person')).toEqual([users.lucia])
    expect(ids(await search(admin, 'ribera'), 'organization')).toEqual([organizations.ribera])
    expect(ids(await search(admin, 'bodegas navarro'), 'lead')).toHaveLength(1)

    expect(await search(lucia, 'lucia martin')).toEqual([])
    expect(ids(await search(lucia, 'ribera'), 'organization')).toEqual([])
    expect(await search(lucia, 'bodegas navarro')).toEqual([])
  })

  it('treats % and _ as themselves, and refuses a query too short or too long with a 400', async () => {
    expect(await search(admin, '%%')).toEqual([])
    expect(await search(admin, '__')).toEqual([])
    for (const query of ['a', '  b  ', 'x'.repeat(101)]) {
      const { error, status } = await lucia.rpc('search', { p_query: query })
      expect(status, query).toBe(400)
      expect(error?.message).toMatch(/2 to 100 characters/)
    }
    const { status } = await server.client().rpc('search', { p_query: 'ribera' })
    expect(status).toBe(401)
  })

  it('names the services as the site does in both languages', async () => {
    // the SQL copy of the services' names must match the catalogs (src/lib/labels.ts)
    const po = (lng: string) => readFileSync(`locales/${lng}/messages.po`, 'utf8')
    const translate = (lng: string, source: string) =>
      po(lng).match(new RegExp(`msgid "${source}"\\nmsgstr "([^"]*)"`))?.[1] || source
    const services = {
      'business-intelligence': 'Business intelligence',
      'data-architecture': 'Data architecture',
      'data-engineering': 'Data engineering',
      governance: 'Data governance',
      'financial-intelligence': 'Financial intelligence',
      'customer-intelligence': 'Customer intelligence',
    }
    for (const [service, english] of Object.entries(services)) {
      const { rows } = await server.deps.db.query<{ names: string }>(
        'select public.search_service_names($1) as names',
        [service],
      )
      expect(rows[0]!.names, service).toContain(translate('en', english))
      expect(rows[0]!.names, service).toContain(translate('es', english))
    }
  })

  const insertOne = async (client: SupabaseClient, table: string, row: Record<string, unknown>) => {
    const { data, error } = await client.from(table).insert(row).select('id').single()
    if (error) throw new Error(`${table}: ${error.message}`)
    return (data as { id: string }).id
  }

  it('forgives a typing error of four characters or more, not a shorter one', async () => {
    const task = await insertOne(admin, 'tasks', {
      project_id: projects.riberaDashboard,
      title: 'Validar el dashboard de inventario',
    })
    const hits = await search(lucia, 'dashbord')
    expect(ids(hits, 'task')).toContain(task)
    // the project's metric "Active dashboard users"
    expect(ids(hits, 'project')).toContain(projects.riberaDashboard)
    // the words as typed rank before a near miss
    const exact = await insertOne(admin, 'tasks', {
      project_id: projects.riberaDashboard,
      title: 'Inventarios dashbord',
    })
    expect(ids(await search(lucia, 'dashbord'), 'task')[0]).toBe(exact)
    // three letters must be found as typed: "dsh" is no "dashboard"
    expect(ids(await search(lucia, 'dsh'), 'task')).toEqual([])
    // other organizations' rows stay out of a fuzzy match too
    expect(ids(await search(daniel, 'dashbord'), 'task')).toEqual([])
  })

  it("finds a client's tasks and messages of their projects, never internal ones or another organization's", async () => {
    const word = 'zafiro'
    const riberaTask = await insertOne(admin, 'tasks', {
      project_id: projects.riberaDashboard,
      title: `Cargar mermas ${word}`,
    })
    const internalTask = await insertOne(admin, 'tasks', {
      project_id: projects.riberaDashboard,
      title: `Auditoría ${word}`,
      is_internal: true,
    })
    const hiddenTask = await insertOne(admin, 'tasks', { project_id: projects.riberaHidden, title: `Alcance ${word}` })
    const kunturTask = await insertOne(admin, 'tasks', { project_id: projects.kunturScoring, title: `Scoring ${word}` })
    const riberaMessage = await insertOne(lucia, 'conversation_messages', {
      project_id: projects.riberaDashboard,
      body: `¿Podemos revisar el ${word} del informe?`,
    })
    const internalNote = await insertOne(admin, 'conversation_messages', {
      project_id: projects.riberaDashboard,
      body: `Nota interna: el ${word} va tarde`,
      is_internal: true,
    })
    const kunturMessage = await insertOne(daniel, 'conversation_messages', {
      project_id: projects.kunturScoring,
      body: `The ${word} figures are in`,
    })

    const forLucia = await search(lucia, word)
    expect(ids(forLucia, 'task')).toEqual([riberaTask])
    expect(ids(forLucia, 'message')).toEqual([riberaMessage])
    expect(forLucia.find((hit) => hit.id === riberaMessage)).toMatchObject({
      project_id: projects.riberaDashboard,
      internal: false,
    })

    const forDaniel = await search(daniel, word)
    expect(ids(forDaniel, 'task')).toEqual([kunturTask])
    expect(ids(forDaniel, 'message')).toEqual([kunturMessage])

    const forStaff = await search(admin, word)
    expect(ids(forStaff, 'task').sort()).toEqual([riberaTask, internalTask, hiddenTask, kunturTask].sort())
    expect(ids(forStaff, 'message').sort()).toEqual([riberaMessage, internalNote, kunturMessage].sort())
    expect(forStaff.find((hit) => hit.id === internalNote)?.internal).toBe(true)

    // what a client may not read answers exactly as words that match nothing
    expect(await search(lucia, 'nota interna')).toEqual(await search(lucia, 'qwertyuiop'))
    expect(await search(lucia, 'figures are in')).toEqual([])

    // a deleted message is no longer found
    const { error } = await lucia
      .from('conversation_messages')
      .update({ deleted_at: new Date().toISOString() })
      .eq('id', riberaMessage)
    expect(error).toBeNull()
    expect(ids(await search(lucia, word), 'message')).toEqual([])
  })
})
