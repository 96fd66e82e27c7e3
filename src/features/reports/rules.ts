// A report (a row of reports), as the staff form and the database-error map read it: one zod
// schema over the form's values, one message per rule, and the table's constraints
// (supabase/migrations/20261121220900_reports.sql) named by the field and rule they guard.
// tests/integration/schema/entity-rules.test.ts checks the schema and the table refuse the same values.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { locales } from '@/lib/vocabularies'
import { reportTypes } from '@/features/reports/vocabulary'
import { checkWith, oneOf, optionalDay, optionalText, problem, requiredText, text, trimmed } from '@/lib/rules/check'
import { isCalendarDate } from '@/lib/rules/values'
import { failuresOf, type Failures } from '@/lib/write-failure'

export const reportMessages = {
  titleMissing: msg`Enter the report's title.`,
  titleLength: msg`Enter a title of at most 200 characters.`,
  type: msg`Choose a report type from the list.`,
  locale: msg`Choose Spanish or English.`,
  date: msg`Enter a valid date.`,
  periodOrder: msg`The end of the period cannot be before its start.`,
  summary: msg`A summary has at most 5,000 characters.`,
  dashboardUrl: msg`Enter a dashboard link that starts with https:// (at most 500 characters, no spaces).`,
  document: msg`Choose a document of this project.`,
} satisfies Record<string, MessageDescriptor>

export type ReportRule = keyof typeof reportMessages

export const reportFields = [
  'title',
  'reportType',
  'locale',
  'periodStart',
  'periodEnd',
  'summary',
  'dashboardUrl',
  'documentId',
] as const

export type ReportField = (typeof reportFields)[number]

export interface ReportInput {
  title: string
  reportType: string
  locale: string
  periodStart: string
  periodEnd: string
  summary: string
  dashboardUrl: string
  documentId: string
}

const day = optionalDay(isCalendarDate, 'date')

export const reportSchema = z.object({
  title: requiredText(200, 'titleMissing', 'titleLength'),
  reportType: oneOf(reportTypes, 'type'),
  locale: oneOf(locales, 'locale'),
  periodStart: day,
  periodEnd: day,
  summary: optionalText(5000, 'summary'),
  dashboardUrl: text
    .pipe(
      z.string().refine((url) => !url || (/^https:\/\/\S+$/.test(url) && url.length <= 500), problem('dashboardUrl')),
    )
    .transform((url) => url || null),
  documentId: text.transform((value) => value || null),
})

/** The columns a report's fields are stored in (the attached document apart: it may be uploaded first). */
export function toReportRow(values: Omit<ReportInput, 'documentId'>) {
  return {
    title: values.title.trim(),
    report_type: values.reportType,
    locale: values.locale,
    period_start: values.periodStart.trim() || null,
    period_end: values.periodEnd.trim() || null,
    summary: values.summary.trim() || null,
    dashboard_url: values.dashboardUrl.trim() || null,
  }
}

/** `documents`: what may be attached (the project's documents, and the form's "upload a new one"). */
export function checkReport(input: Partial<ReportInput>, documents?: ReadonlySet<string>) {
  const across: { field: ReportField; rule: ReportRule }[] = []
  const [start, end] = [trimmed(input.periodStart), trimmed(input.periodEnd)]
  if (isCalendarDate(start) && isCalendarDate(end) && end < start)
    across.push({ field: 'periodEnd', rule: 'periodOrder' })
  const document = trimmed(input.documentId)
  if (documents && document && !documents.has(document)) across.push({ field: 'documentId', rule: 'document' })
  return checkWith(reportSchema, reportFields, reportMessages, input, across)
}

/** The table's constraints, as the field and rule each one guards. */
export const reportConstraints: Record<string, { field: ReportField; rule: ReportRule }> = {
  reports_title_length: { field: 'title', rule: 'titleLength' },
  reports_summary_length: { field: 'summary', rule: 'summary' },
  reports_type_check: { field: 'reportType', rule: 'type' },
  reports_locale_check: { field: 'locale', rule: 'locale' },
  reports_period_order: { field: 'periodEnd', rule: 'periodOrder' },
  reports_dashboard_url_format: { field: 'dashboardUrl', rule: 'dashboardUrl' },
  reports_document_id_fkey: { field: 'documentId', rule: 'document' },
}

/** What a refused write of a report means, for its form (src/lib/write-failure.ts). */
export const reportFailures: Failures = { constraints: failuresOf(reportConstraints, reportMessages) }
