// Approvals live (decision 0017): the request staff make and the answer the client's approver
// gives reach, through supabase-js's Realtime client, every person who may select them (the
// organization's clients and staff) and never another organization's client; so does the choice
// of who approves for an organization. The approval tables are append-only, so unlike the RLS
// matrix (rls-matrix.test.ts) nothing here is deleted.
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { SupabaseClient } from '@supabase/supabase-js'
import { describeEachDatabase, startTestServer, type TestServer } from '../support/server'
import { documents, organizations, users } from '../rls/seed-ids'
import type { Actor } from '../rls/run-as'
import { changeKeys, clientAs, subscribed, watch, type Watched } from './support'

const actors = ['clientA', 'clientB', 'admin', 'superAdmin'] as const satisfies readonly Actor[]
const tables = [{ table: 'organization_approvers' }, { table: 'approval_requests' }, { table: 'approval_decisions' }]

describeEachDatabase('approvals live on %s', (kind) => {
  let server: TestServer
  const clients = new Map<Actor, SupabaseClient>()
  const watched = new Map<Actor, Watched>()

  beforeAll(async () => {
    server = await startTestServer(kind)
    const base = await server.listen()
    for (const actor of actors) {
      const client = await clientAs(server, base, actor)
      clients.set(actor, client)
      await client.realtime.setAuth()
      watched.set(actor, watch(client, `approvals-${actor}`, tables))
    }
  })
  afterAll(async () => {
    for (const client of clients.values()) await client.removeAllChannels()
    await server.close()
  })

  it('delivers requests and answers to their organization and staff, never to another organization', async () => {
    for (const actor of actors) await subscribed(watched.get(actor)!)
    const admin = clients.get('admin')!
    const ask = async (organization: string, approver: string, document: string) => {
      const added = await admin
        .from('organization_approvers')
        .insert({ organization_id: organization, profile_id: approver })
      expect(added.error).toBeNull()
      const request = await admin.from('approval_requests').insert({ document_id: document }).select('id').single()
      expect(request.error).toBeNull()
      return request.data!.id as string
    }
    const answer = async (actor: Actor, requestId: string) => {
      const decision = await clients
        .get(actor)!
        .from('approval_decisions')
        .insert({ request_id: requestId, decision: 'approved', version: 1 })
        .select('id')
        .single()
      expect(decision.error).toBeNull()
      return decision.data!.id as string
    }
    const ribera = await ask(organizations.ribera, users.lucia, documents.riberaKpiSpec)
    const kuntur = await ask(organizations.kuntur, users.daniel, documents.kunturMethodology)
    const riberaAnswer = await answer('clientA', ribera)
    const kunturAnswer = await answer('clientB', kuntur)

    // Each request arrives, then its answer, then the request's change of status.
    const stream = (request: string, decision: string) => [
      `approval_requests:INSERT:${request}`,
      `approval_decisions:INSERT:${decision}`,
      `approval_requests:UPDATE:${request}`,
    ]
    const expected: Record<(typeof actors)[number], string[]> = {
      clientA: stream(ribera, riberaAnswer),
      clientB: stream(kuntur, kunturAnswer),
      admin: [...stream(ribera, riberaAnswer), ...stream(kuntur, kunturAnswer)],
      superAdmin: [...stream(ribera, riberaAnswer), ...stream(kuntur, kunturAnswer)],
    }
    for (const actor of actors) {
      await expect
        .poll(
          () => new Set(changeKeys(watched.get(actor)!).filter((key) => !key.startsWith('organization_approvers'))),
          {
            timeout: 10_000,
          },
        )
        .toEqual(new Set(expected[actor]))
    }
    // Who approves for an organization: its clients and staff are told, another organization is not.
    const approvers = (actor: Actor) =>
      watched
        .get(actor)!
        .changes.filter((change) => change.table === 'organization_approvers' && change.eventType === 'INSERT')
        .map((change) => String((change.new as { profile_id?: string }).profile_id))
        .sort()
    await expect.poll(() => approvers('clientA')).toEqual([users.lucia])
    await expect.poll(() => approvers('clientB')).toEqual([users.daniel])
    await expect.poll(() => approvers('admin')).toEqual([users.lucia, users.daniel].sort())
    await expect.poll(() => approvers('superAdmin')).toEqual([users.lucia, users.daniel].sort())
  })
})
