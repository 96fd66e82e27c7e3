// The activity feed (src/features/activity/activity-timeline.tsx): values recorded together are one line,
// and metrics are named by their labels in the reader's language, never by their raw keys.
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { readFileSync } from 'node:fs'
import { activateLocale, provideCatalogs } from '../../src/lib/i18n'
import { describeItem, groupActivity, type ActivityEntry } from '../../src/features/activity/activity-timeline'

const staff = 'staff-1'
let id = 0
function entry(minutesAgo: number, fields: Partial<ActivityEntry> & { summary?: ActivityEntry['summary'] } = {}) {
  id += 1
  return {
    id,
    occurred_at: new Date(Date.UTC(2026, 2, 10, 12, 0) - minutesAgo * 60_000).toISOString(),
    actor_id: staff,
    entity_type: 'analytics_metric',
    action: 'create',
    summary: {
      title: 'net_sales',
      label_es: 'Ventas netas',
      label_en: 'Net sales',
      period_start: '2026-01-01',
      granularity: 'month',
    },
    ...fields,
  } satisfies ActivityEntry
}

describe('activity feed', () => {
  beforeAll(async () => {
    // the compiled catalogs (npm run gen), as the prerenderer provides them
    const read = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/messages.json`, 'utf8')).messages
    provideCatalogs({ es: read('es'), en: read('en') })
    await activateLocale('en')
  })

  it('folds an import of twelve values into one line, keeping other entries apart', () => {
    const twelve = Array.from({ length: 12 }, (_, index) => entry(index))
    const task = entry(30, { entity_type: 'task', summary: { title: 'Review', changed: [] } })
    const earlier = entry(24 * 60)
    const items = groupActivity([...twelve, task, earlier])
    expect(items.map((item) => item.values.length)).toEqual([12, 1, 1])
    expect(describeItem(i18n, items[0]!)).toBe('12 values of “Net sales” were recorded')
  })

  it('does not fold values recorded by different people, or more than an hour apart', () => {
    const items = groupActivity([entry(0), entry(1, { actor_id: 'other' }), entry(2, { actor_id: 'other' }), entry(90)])
    expect(items.map((item) => item.values.length)).toEqual([1, 2, 1])
  })

  it('names several metrics of one import in a list, in both languages', async () => {
    const other = { title: 'orders', label_es: 'Pedidos', label_en: 'Orders', period_start: '2026-01-01' }
    const items = groupActivity([entry(0), entry(1, { summary: other }), entry(2, { summary: other })])
    expect(describeItem(i18n, items[0]!)).toBe('3 values were recorded for “Net sales” and “Orders”')
    await activateLocale('es')
    expect(describeItem(i18n, items[0]!)).toBe('Se registraron 3 valores de «Ventas netas» y «Pedidos»')
    await activateLocale('en')
  })

  it('never shows a raw metric key: recorded label, else the current one, else the key in words', async () => {
    const [single] = groupActivity([entry(0)])
    expect(describeItem(i18n, single!)).toBe('A figure of “Net sales” was recorded for January 2026')
    const old = entry(0, { summary: { title: 'net_sales', period_start: '2026-01-01' } })
    const [unlabelled] = groupActivity([old])
    expect(describeItem(i18n, unlabelled!, { metricLabels: { net_sales: 'Net sales (current)' } })).toBe(
      'A figure of “Net sales (current)” was recorded for January 2026',
    )
    expect(describeItem(i18n, unlabelled!)).toBe('A figure of “Net sales” was recorded for January 2026')
    await activateLocale('es')
    expect(describeItem(i18n, single!)).toContain('«Ventas netas»')
    await activateLocale('en')
  })

  it('says who previewed the portal as whom, in both languages (view as client)', async () => {
    const summary = { title: 'Lucía Martín' }
    const started = groupActivity([entry(0, { entity_type: 'profile', action: 'view_as_start', summary })])[0]!
    const ended = groupActivity([entry(0, { entity_type: 'profile', action: 'view_as_end', summary })])[0]!
    expect(describeItem(i18n, started)).toBe('Opened a read-only preview of the portal as Lucía Martín')
    expect(describeItem(i18n, ended)).toBe('Left the preview of the portal as Lucía Martín')
    await activateLocale('es')
    expect(describeItem(i18n, started)).toBe('Abrió una vista previa de solo lectura del portal como Lucía Martín')
    await activateLocale('en')
  })
})
