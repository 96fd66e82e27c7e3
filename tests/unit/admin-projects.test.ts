// The staff's metric CSV import (src/features/metrics/admin/metrics-csv.ts) and the mapping of
// database errors to form fields (errors.ts): every problem is named by row, column and reason,
// nothing is importable while one remains, and the downloadable example imports cleanly.
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { metricIdentity, parseMetricsCsv } from '../../src/features/metrics/admin/metrics-csv'
import { constraintOf, describeFailure, readFailure } from '../../src/lib/write-failure'
import { staffFormFailures } from '../../src/components/form/project-form-kit'
import { UploadError } from '../../src/lib/storage/files'
import { documentFailures } from '../../src/features/documents/rules'
import { projectFailures } from '../../src/features/projects/rules'
import { taskFailures } from '../../src/features/tasks/rules'

const header =
  'metric_key,label_es,label_en,unit,granularity,period_start,period_end,value,target,visible_to_client,notes'

function problems(text: string, existing: string[] = []) {
  const result = parseMetricsCsv(text, existing)
  return {
    file: result.fileProblems.map((p) => [p.row, p.column, p.reason.message]),
    rows: result.rows.flatMap((row) => row.problems.map((p) => [p.row, p.column, p.reason.message])),
    values: result.rows.map((row) => row.values),
  }
}

describe('metrics CSV import', () => {
  it('accepts the example file offered for download', () => {
    const text = readFileSync(resolve('public/examples/metrics-import-example.csv'), 'utf8')
    const result = parseMetricsCsv(text)
    expect(result.fileProblems).toEqual([])
    expect(result.rows).toHaveLength(4)
    expect(result.rows.every((row) => row.problems.length === 0 && row.values !== null)).toBe(true)
    expect(result.rows[1]!.values).toMatchObject({ metric_key: 'net_sales', value: 1320000.5, target: 1300000 })
    expect(result.rows[3]!.values).toMatchObject({ visible_to_client: false, notes: 'Checked by the data team' })
  })

  it('fills the optional columns and reads semicolon-separated files with a BOM', () => {
    const text =
      '\uFEFFmetric_key;label_es;label_en;period_start;period_end;value\nleads;Leads;Leads;2026-01-01;2026-01-31;42'
    const result = parseMetricsCsv(text)
    expect(result.fileProblems).toEqual([])
    expect(result.rows[0]!.values).toEqual({
      metric_key: 'leads',
      label_es: 'Leads',
      label_en: 'Leads',
      unit: 'count',
      granularity: 'month',
      period_start: '2026-01-01',
      period_end: '2026-01-31',
      value: 42,
      target: null,
      visible_to_client: true,
      notes: null,
    })
  })

  it('names each bad cell by row and column', () => {
    const text = [
      header,
      'Net Sales,Ventas,Sales,EUR,month,2026-01-01,2026-01-31,12,,true,',
      'net_sales,,Sales,litres,hourly,2026-02-30,2026-01-31,1.234,abc,maybe,',
      'net_sales,Ventas,Sales,EUR,month,2026-03-01,2026-02-01,1 000,,true,',
    ].join('\n')
    const { rows, values } = problems(text)
    expect(rows.map(([row, column]) => `${row}:${column}`)).toEqual([
      '1:metric_key',
      '2:label_es',
      '2:unit',
      '2:granularity',
      '2:period_start',
      '2:target',
      '2:visible_to_client',
      '3:period_end',
    ])
    expect(values).toEqual([null, null, null])
  })

  it('reports missing and unknown columns, empty files and broken rows', () => {
    expect(problems('metric_key,label_es,valor\nx,y,1').file).toEqual([
      [null, 'label_en', 'This column is missing.'],
      [null, 'period_start', 'This column is missing.'],
      [null, 'period_end', 'This column is missing.'],
      [null, 'value', 'This column is missing.'],
      [null, 'valor', 'Unknown column. Check its spelling.'],
    ])
    expect(problems(header).file).toEqual([[null, null, 'The file has no rows to import.']])
    const broken = problems(`${header}\nnet_sales,Ventas,Sales,EUR,month,2026-01-01,2026-01-31`)
    expect(broken.rows[0]).toEqual([
      1,
      null,
      'This row does not have the same number of values as the header ({expected}).',
    ])
  })

  it('refuses a period the project already has, or that the file repeats', () => {
    const line = 'net_sales,Ventas,Sales,EUR,month,2026-01-01,2026-01-31,12,,true,'
    const existing = [metricIdentity({ metric_key: 'net_sales', granularity: 'month', period_start: '2026-01-01' })]
    expect(problems(`${header}\n${line}`, existing).rows).toHaveLength(1)
    const twice = problems(`${header}\n${line}\n${line}`)
    expect(twice.rows.map(([row, column]) => `${row}:${column}`)).toEqual(['2:period_start'])
  })
})

describe('database errors in forms', () => {
  it('reads the constraint a check or unique violation names', () => {
    const error = {
      code: '23514',
      message: 'new row for relation "projects" violates check constraint "projects_progress_range"',
    }
    expect(constraintOf(error)).toBe('projects_progress_range')
    expect(describeFailure(error, projectFailures).field).toBe('progress')
    expect(
      describeFailure(
        { code: '23514', message: 'x violates check constraint "projects_completed_is_full"' },
        projectFailures,
      ).field,
    ).toBe('progress')
    expect(
      describeFailure(
        { code: '23514', message: 'x violates check constraint "projects_due_after_start"' },
        projectFailures,
      ).field,
    ).toBe('dueDate')
  })

  it('recognises the task triggers by their message and falls back to a form message', () => {
    expect(
      describeFailure({ code: '23514', message: 'An internal task cannot be assigned to a client' }, taskFailures)
        .field,
    ).toBe('visibleToClient')
    expect(
      describeFailure(
        { code: '23514', message: "A task can only be assigned to a client of the project's organization" },
        taskFailures,
      ).field,
    ).toBe('assignedTo')
    expect(describeFailure({ code: '42501', message: 'permission denied' })).toMatchObject({ field: null })
    expect(describeFailure(new TypeError('Failed to fetch')).message.message).toMatch(/server could not be reached/)
  })

  it("puts a staff form's failure on a field only when the form has it (staffFormFailures)", () => {
    const progress = { code: '23514', message: 'x violates check constraint "projects_progress_range"' }
    expect(readFailure(progress, staffFormFailures(['name', 'progress'], projectFailures)).field).toBe('progress')
    // The same refusal, for a form without that field, is the form's message, in the same words.
    const onForm = readFailure(progress, staffFormFailures(['name'], projectFailures))
    expect(onForm).toEqual({ field: null, message: describeFailure(progress, projectFailures).message })
    // An upload's problem goes on the file field when the form names one, else on the form.
    const upload = new UploadError('too-large')
    expect(readFailure(upload, staffFormFailures(['file', 'name'], documentFailures, 'file')).field).toBe('file')
    expect(readFailure(upload, staffFormFailures(['file', 'name'], documentFailures)).field).toBeNull()
    expect(
      readFailure(new TypeError('Failed to fetch'), staffFormFailures([], projectFailures)).message.message,
    ).toMatch(/server could not be reached/)
  })
})
