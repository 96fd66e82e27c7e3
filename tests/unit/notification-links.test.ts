// Which page each notification e-mail opens (send-notifications/links.ts), as the two areas' routes have it.
import { describe, expect, it } from 'vitest'
import { notificationLink } from '../../supabase/functions/send-notifications/links'

const site = 'https://example.org'
const project = '1a000000-0000-4000-8000-000000000001'

describe('notification links', () => {
  it.each([
    ['plan_milestone_reached', 'plan_milestone'],
    ['plan_threshold', 'plan_phase'],
    ['plan_threshold', null],
  ])('opens the project plan for %s (%s), in both areas', (kind, entityType) => {
    const target = { kind, project_id: project, entity_type: entityType, entity_id: entityType ? 'x' : null }
    expect(notificationLink(site, { ...target, role: 'client', locale: 'es' })).toBe(
      `${site}/es/client-portal/dashboard/projects/${project}/plan`,
    )
    expect(notificationLink(site, { ...target, role: 'admin', locale: 'en' })).toBe(
      `${site}/en/admin/dashboard/projects/${project}/plan`,
    )
  })

  it('keeps the other kinds where they were', () => {
    const document = { kind: 'document_shared', project_id: project, entity_type: 'document', entity_id: 'd' }
    expect(notificationLink(site, { ...document, role: 'client', locale: 'en' })).toBe(
      `${site}/en/client-portal/dashboard/projects/${project}#documents`,
    )
    const lead = { kind: 'lead_follow_up', project_id: null, entity_type: 'contact_message', entity_id: 'l1' }
    expect(notificationLink(site, { ...lead, role: 'admin', locale: 'es' })).toBe(`${site}/es/admin/dashboard/leads/l1`)
  })
})
