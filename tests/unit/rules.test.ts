// The shared rules (src/lib/rules): one calendar-date rule, one number rule and one metric
// schema, read the same way by the staff form, the CSV importer and the database-error map; the
// other entities' schemas and their error maps.
import { describe, expect, it } from 'vitest'
import { isCalendarDate, parseDecimal } from '../../src/lib/rules/values'
import { checkMetric, metricConstraints, metricFailures, metricMessages } from '../../src/features/metrics/rules'
import { parseMetricsCsv } from '../../src/features/metrics/admin/metrics-csv'
import { describeFailure } from '../../src/lib/write-failure'
import {
  checkProject,
  emptyProjectInput,
  projectConstraints,
  projectFailures,
  projectMessages,
} from '../../src/features/projects/rules'
import { reportConstraints, reportFailures, reportMessages } from '../../src/features/reports/rules'
import { taskConstraints, taskFailures, taskMessages } from '../../src/features/tasks/rules'
import { documentConstraints, documentFailures, documentMessages } from '../../src/features/documents/rules'
import {
  checkOrganization,
  emptyOrganizationInput,
  organizationConstraints,
  organizationMessages,
  withWebScheme,
  toOrganizationRow,
} from '../../src/features/organizations/rules'
import { organizationFailure } from '../../src/features/organizations/admin/api'

const row = {
  metric_key: 'net_sales',
  label_es: 'Ventas netas',
  label_en: 'Net sales',
  period_start: '2026-02-01',
  period_end: '2026-02-28',
  value: '12.5',
}

describe('one date rule', () => {
  it('takes real calendar days only', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true)
    expect(isCalendarDate('2028-02-29')).toBe(true)
    // Date.parse accepts these (rolling over into March); the rule does not
    expect(Number.isNaN(Date.parse('2026-02-30'))).toBe(false)
    for (const text of ['2026-02-30', '2026-02-29', '2026-13-01', '2026-04-31', '26-01-01', '2026-1-1', ''])
      expect(isCalendarDate(text), text).toBe(false)
  })

  it('is the same in the form and in the importer: 2026-02-30 is refused by both', () => {
    const form = checkMetric({ ...row, period_end: '2026-02-30' }, 'es')
    expect(form.problems).toEqual([{ field: 'period_end', rule: 'date', message: metricMessages.date }])
    const file = parseMetricsCsv(
      `metric_key,label_es,label_en,period_start,period_end,value\nnet_sales,Ventas,Sales,2026-02-01,2026-02-30,1`,
    )
    expect(file.rows[0]!.problems).toEqual([{ row: 1, column: 'period_end', reason: metricMessages.date }])
  })
})

describe('one number rule', () => {
  it('accepts a decimal comma as a Spanish user types it, and a decimal dot', () => {
    expect(parseDecimal('12,5', 'es')).toBe(12.5)
    expect(parseDecimal('12.5', 'es')).toBe(12.5)
    expect(parseDecimal('-0,25', 'es')).toBe(-0.25)
    expect(parseDecimal('12.5', 'en')).toBe(12.5)
    expect(parseDecimal('12,5', 'en')).toBe(12.5)
    expect(parseDecimal('1.234')).toBe(1.234)
  })

  it('refuses what would be a thousands group in the reader’s language, rather than guess', () => {
    expect(parseDecimal('1,500', 'en')).toBeNull()
    expect(parseDecimal('1,500')).toBeNull()
    expect(parseDecimal('1,500', 'es')).toBe(1.5)
    expect(parseDecimal('1.500', 'es')).toBeNull()
    expect(parseDecimal('1.500', 'en')).toBe(1.5)
  })

  it('refuses everything else that is not one number', () => {
    for (const text of ['', 'abc', '1.500,5', '1,500.5', '1e5', '12,', ',5', '0x10', '1 2', '100000000000000'])
      expect(parseDecimal(text, 'es'), text).toBeNull()
  })

  it('reaches the form and the importer: "12,5" becomes 12.5', () => {
    expect(checkMetric({ ...row, value: '12,5', target: '13,75' }, 'es').values).toMatchObject({
      value: 12.5,
      target: 13.75,
    })
    const file = parseMetricsCsv(
      `metric_key;label_es;label_en;period_start;period_end;value\nnet_sales;Ventas;Sales;2026-01-01;2026-01-31;12,5`,
    )
    expect(file.rows[0]!.values).toMatchObject({ value: 12.5 })
  })
})

describe('the metric schema and the database-error map', () => {
  it('names every constraint of the table with the rule the form and the importer use', () => {
    for (const [constraint, { field, rule }] of Object.entries(metricConstraints)) {
      const failure = describeFailure(
        { code: '23514', message: `x violates check constraint "${constraint}"` },
        metricFailures,
      )
      expect(failure).toEqual({ field, message: metricMessages[rule] })
    }
  })

  it('names a backwards period even when another field is wrong too', () => {
    const { problems } = checkMetric({ ...row, period_start: '2026-01-26', period_end: '2026-01-20', value: '1.500,5' })
    expect(problems.map((problem) => `${problem.field}:${problem.rule}`)).toEqual([
      'period_end:periodOrder',
      'value:number',
    ])
  })

  it('reports one problem per field, in the form’s order', () => {
    const { problems } = checkMetric({ ...row, metric_key: 'Net', label_en: '', unit: 'litres', value: 'x' }, 'en')
    expect(problems.map((problem) => `${problem.field}:${problem.rule}`)).toEqual([
      'metric_key:key',
      'label_en:required',
      'unit:unit',
      'value:number',
    ])
  })
})

describe('one schema per entity (projects, tasks, reports, documents)', () => {
  it('names every constraint of each table with the rule its form uses', () => {
    const entities = [
      [projectConstraints, projectMessages, projectFailures],
      [taskConstraints, taskMessages, taskFailures],
      [reportConstraints, reportMessages, reportFailures],
      [documentConstraints, documentMessages, documentFailures],
    ] as const
    for (const [constraints, messages, failures] of entities)
      for (const [constraint, { field, rule }] of Object.entries(constraints)) {
        const failure = describeFailure(
          { code: '23514', message: `x violates check constraint "${constraint}"` },
          failures,
        )
        expect(failure, constraint).toEqual({ field, message: (messages as Record<string, unknown>)[rule] })
      }
  })

  it('refuses 2026-02-30 in the project form, and names rules across fields with the others', () => {
    const project = { ...emptyProjectInput, organizationId: 'org', name: 'Panel', service: 'governance' }
    expect(checkProject(project).problems).toEqual([])
    const { problems } = checkProject({
      ...project,
      name: '',
      status: 'completed',
      progress: '50',
      startDate: '2026-03-01',
      dueDate: '2026-02-28',
      completedOn: '2026-02-30',
    })
    expect(problems.map((problem) => `${problem.field}:${problem.rule}`)).toEqual([
      'name:nameMissing',
      'progress:completedIsFull',
      'dueDate:dueOrder',
      'completedOn:date',
    ])
  })
})

describe('one schema for organizations', () => {
  it('names every constraint of the table with the rule the form uses, through the page’s error map', () => {
    for (const [constraint, { field, rule }] of Object.entries(organizationConstraints)) {
      const failure = organizationFailure({ code: '23514', message: `x violates check constraint "${constraint}"` })
      expect(failure, constraint).toEqual({ field, message: organizationMessages[rule] })
    }
  })

  it('takes a country code in either case and stores it in capitals; empty optional fields are none', () => {
    const input = { ...emptyOrganizationInput, name: 'Ribera', slug: 'ribera', countryCode: 'es' }
    expect(checkOrganization(input).problems).toEqual([])
    expect(toOrganizationRow(input)).toMatchObject({ country_code: 'ES', legal_name: null, website: null })
  })

  it('takes a web address without a scheme as https, and keeps one that has a scheme', () => {
    const base = { ...emptyOrganizationInput, name: 'Ribera', slug: 'ribera' }
    for (const [typed, stored] of [
      ['example.com', 'https://example.com'],
      ['  www.example.com/about ', 'https://www.example.com/about'],
      ['example.com:8080', 'https://example.com:8080'],
      ['http://example.com', 'http://example.com'],
      ['HTTPS://example.com', 'HTTPS://example.com'],
    ] as const) {
      expect(withWebScheme(typed.trim()), typed).toBe(stored)
      expect(toOrganizationRow({ ...base, website: typed }).website, typed).toBe(stored)
    }
    expect(checkOrganization({ ...base, website: 'example.com' }).problems).toEqual([])
    expect(checkOrganization({ ...base, website: 'ftp://example.com' }).problems.map((p) => p.rule)).toEqual([
      'website',
    ])
  })
})
