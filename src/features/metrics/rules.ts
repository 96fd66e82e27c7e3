// One metric value (a row of analytics_metrics), as the staff form, the CSV importer and the
// database-error map all read it: one zod schema over the cells as typed (text), one message per
// rule, and the table's constraints named by the field and message they stand for. The
// constraints themselves are in supabase/migrations/20261121221000_analytics_metrics.sql.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { metricGranularities, metricUnits } from '@/features/metrics/vocabulary'
import { isCalendarDate, parseDecimal } from '@/lib/rules/values'
import { failuresOf, type Failures } from '@/lib/write-failure'

export const metricMessages = {
  required: msg`This value is required.`,
  key: msg`A metric key starts with a lowercase letter and has only lowercase letters, digits and underscores (at most 63).`,
  labelEs: msg`Enter a Spanish label of at most 120 characters.`,
  labelEn: msg`Enter an English label of at most 120 characters.`,
  unit: msg`Choose a unit from the list.`,
  granularity: msg`Choose a granularity from the list.`,
  date: msg`Enter a real date written YYYY-MM-DD, e.g. 2026-01-31.`,
  periodOrder: msg`The end of the period cannot be before its start.`,
  number: msg`Enter a number without thousands separators, e.g. 1250.5 or 1250,5.`,
  visible: msg`Write true or false.`,
  notes: msg`Notes have at most 1,000 characters.`,
  duplicate: msg`This metric already has a value for this period.`,
} satisfies Record<string, MessageDescriptor>

export type MetricMessage = keyof typeof metricMessages

/** The columns a person fills, in the order forms and files show them. */
export const metricFields = [
  'metric_key',
  'label_es',
  'label_en',
  'unit',
  'granularity',
  'period_start',
  'period_end',
  'value',
  'target',
  'visible_to_client',
  'notes',
] as const

export type MetricField = (typeof metricFields)[number]

export interface MetricValues {
  metric_key: string
  label_es: string
  label_en: string
  unit: (typeof metricUnits)[number]
  granularity: (typeof metricGranularities)[number]
  period_start: string
  period_end: string
  value: number
  target: number | null
  visible_to_client: boolean
  notes: string | null
}

/** What a person typed: text cells (a file) or the form's values; the checkbox may be a boolean. */
export type MetricInput = Partial<Record<MetricField, string | boolean | undefined>>

const KEY = /^[a-z][a-z0-9_]{0,62}$/
const TRUE = new Set(['true', '1', 'yes', 'y', 'si', 'sí'])
const FALSE = new Set(['false', '0', 'no', 'n'])

const problem = (message: MetricMessage) => ({ message, abort: true })
const text = z.preprocess((value) => (typeof value === 'string' ? value.trim() : ''), z.string())
const required = text.pipe(z.string().min(1, problem('required')))
const date = required.pipe(z.string().refine(isCalendarDate, problem('date')))
const withDefault = (fallback: string) => text.transform((value) => value || fallback)

function decimal(locale: string | undefined, optional = false) {
  return z.string().transform((value, context) => {
    if (optional && value === '') return null
    const parsed = parseDecimal(value.replace(/[\s\u00a0\u202f]+/g, ''), locale)
    if (parsed === null) context.issues.push({ code: 'custom', message: 'number', input: value })
    return parsed
  })
}

/** A checkbox's boolean, or a file's true/false word (true when empty). */
const visible = z.preprocess(
  (value) => (typeof value === 'boolean' ? String(value) : value),
  text.transform((value, context) => {
    const word = value.toLowerCase()
    if (!word || TRUE.has(word)) return true
    if (!FALSE.has(word)) context.issues.push({ code: 'custom', message: 'visible', input: value })
    return false
  }),
)

/** The schema over one value; `locale` is the reader's language (numbers, see parseDecimal). */
export function metricSchema(locale?: string) {
  return z.object({
    metric_key: required.pipe(z.string().regex(KEY, problem('key'))),
    label_es: required.pipe(z.string().max(120, problem('labelEs'))),
    label_en: required.pipe(z.string().max(120, problem('labelEn'))),
    unit: withDefault('count').pipe(z.enum(metricUnits, problem('unit'))),
    granularity: withDefault('month').pipe(z.enum(metricGranularities, problem('granularity'))),
    period_start: date,
    period_end: date,
    value: required.pipe(decimal(locale)).transform((value) => value ?? 0),
    target: text.pipe(decimal(locale, true)),
    visible_to_client: visible,
    notes: text.pipe(z.string().max(1000, problem('notes'))).transform((value) => value || null),
  })
}

export interface MetricProblem {
  field: MetricField
  message: MessageDescriptor
  rule: MetricMessage
}

/** Checks one value: the typed values, or every problem by field (in the fields' order). */
export function checkMetric(
  input: MetricInput,
  locale?: string,
): { values: MetricValues; problems: [] } | { values: null; problems: MetricProblem[] } {
  const result = metricSchema(locale).safeParse(input)
  // The period's order is checked apart from the schema, so it is named even when another field
  // is wrong too (zod skips an object's refinements once a field has failed).
  const start = typeof input.period_start === 'string' ? input.period_start.trim() : ''
  const end = typeof input.period_end === 'string' ? input.period_end.trim() : ''
  const backwards = isCalendarDate(start) && isCalendarDate(end) && end < start
  if (result.success && !backwards) return { values: result.data, problems: [] }
  const problems: MetricProblem[] = []
  if (backwards) problems.push({ field: 'period_end', rule: 'periodOrder', message: metricMessages.periodOrder })
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path[0] as MetricField
    const rule = (issue.message in metricMessages ? issue.message : 'required') as MetricMessage
    // one problem per field: the first rule it breaks
    if (metricFields.includes(field) && !problems.some((known) => known.field === field)) {
      problems.push({ field, rule, message: metricMessages[rule] })
    }
  }
  problems.sort((a, b) => metricFields.indexOf(a.field) - metricFields.indexOf(b.field))
  return { values: null, problems }
}

/** The table's constraints, as the field and rule each one guards. */
export const metricConstraints: Record<string, { field: MetricField; rule: MetricMessage }> = {
  analytics_metrics_key_format: { field: 'metric_key', rule: 'key' },
  analytics_metrics_label_es_length: { field: 'label_es', rule: 'labelEs' },
  analytics_metrics_label_en_length: { field: 'label_en', rule: 'labelEn' },
  analytics_metrics_unit_check: { field: 'unit', rule: 'unit' },
  analytics_metrics_granularity_check: { field: 'granularity', rule: 'granularity' },
  analytics_metrics_period_order: { field: 'period_end', rule: 'periodOrder' },
  analytics_metrics_notes_length: { field: 'notes', rule: 'notes' },
  analytics_metrics_one_value_per_period: { field: 'period_start', rule: 'duplicate' },
}

/** What a refused write of metrics means, for the form and the importer (src/lib/write-failure.ts). */
export const metricFailures: Failures = { constraints: failuresOf(metricConstraints, metricMessages) }
