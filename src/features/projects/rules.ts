// A project (a row of projects), as the staff form and the database-error map read it: one zod
// schema over the form's values, one message per rule, and the table's constraints named by the
// field and rule they stand for. The constraints are in supabase/migrations/20261121220700_projects.sql;
// tests/integration/schema/entity-rules.test.ts checks the two refuse the same values.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { projectStatuses } from '@/features/projects/vocabulary'
import { serviceCodes } from '@/lib/vocabularies'
import {
  checkbox,
  checkWith,
  oneOf,
  optionalDay,
  optionalText,
  problem,
  requiredText,
  text,
  trimmed,
} from '@/lib/rules/check'
import { isCalendarDate } from '@/lib/rules/values'
import { failuresOf, type Failures } from '@/lib/write-failure'

export const projectMessages = {
  organization: msg`Choose a client organization.`,
  nameMissing: msg`Enter the project's name.`,
  nameLength: msg`Enter a name of at most 200 characters.`,
  service: msg`Choose a service or specialization from the list.`,
  status: msg`Choose a status from the list.`,
  progress: msg`Progress is a whole number from 0 to 100.`,
  completedIsFull: msg`A completed project has a progress of 100%.`,
  date: msg`Enter a valid date.`,
  dueOrder: msg`The due date cannot be before the start date.`,
  completedOrder: msg`The completion date cannot be before the start date.`,
  description: msg`A description has at most 5,000 characters.`,
} satisfies Record<string, MessageDescriptor>

export type ProjectRule = keyof typeof projectMessages

/** The fields a person fills, in the order the form shows them. */
export const projectFields = [
  'organizationId',
  'name',
  'service',
  'status',
  'progress',
  'startDate',
  'dueDate',
  'completedOn',
  'description',
  'visibleToClient',
] as const

export type ProjectField = (typeof projectFields)[number]

/** The form's values: text as typed, and the checkbox. */
export interface ProjectInput {
  organizationId: string
  name: string
  service: string
  status: string
  progress: string
  startDate: string
  dueDate: string
  completedOn: string
  description: string
  visibleToClient: boolean
}

/** A new project's values. */
export const emptyProjectInput: ProjectInput = {
  organizationId: '',
  name: '',
  service: '',
  status: 'planning',
  progress: '0',
  startDate: '',
  dueDate: '',
  completedOn: '',
  description: '',
  visibleToClient: true,
}

const day = optionalDay(isCalendarDate, 'date')

export const projectSchema = z.object({
  organizationId: text.pipe(z.string().min(1, problem('organization'))),
  name: requiredText(200, 'nameMissing', 'nameLength'),
  service: oneOf(serviceCodes, 'service'),
  status: oneOf(projectStatuses, 'status'),
  progress: text
    .pipe(z.string().regex(/^\d{1,3}$/, problem('progress')))
    .transform(Number)
    .pipe(z.number().max(100, problem('progress'))),
  startDate: day,
  dueDate: day,
  completedOn: day,
  description: optionalText(5000, 'description'),
  visibleToClient: checkbox,
})

/** The columns a project's fields are stored in (the organization only when creating). */
export function toProjectRow(values: ProjectInput) {
  return {
    organization_id: values.organizationId,
    name: values.name.trim(),
    service: values.service,
    status: values.status,
    progress: Number(values.progress),
    start_date: values.startDate.trim() || null,
    due_date: values.dueDate.trim() || null,
    completed_on: values.completedOn.trim() || null,
    description: values.description.trim() || null,
    visible_to_client: values.visibleToClient,
  }
}

export function checkProject(input: Partial<ProjectInput>) {
  const across: { field: ProjectField; rule: ProjectRule }[] = []
  const [status, progress] = [trimmed(input.status), trimmed(input.progress)]
  if (status === 'completed' && /^\d{1,3}$/.test(progress) && Number(progress) !== 100)
    across.push({ field: 'progress', rule: 'completedIsFull' })
  const start = trimmed(input.startDate)
  const before = (value: unknown) => isCalendarDate(start) && isCalendarDate(trimmed(value)) && trimmed(value) < start
  if (before(input.dueDate)) across.push({ field: 'dueDate', rule: 'dueOrder' })
  if (before(input.completedOn)) across.push({ field: 'completedOn', rule: 'completedOrder' })
  return checkWith(projectSchema, projectFields, projectMessages, input, across)
}

/** The table's constraints, as the field and rule each one guards. */
export const projectConstraints: Record<string, { field: ProjectField; rule: ProjectRule }> = {
  projects_name_length: { field: 'name', rule: 'nameLength' },
  projects_description_length: { field: 'description', rule: 'description' },
  projects_service_check: { field: 'service', rule: 'service' },
  projects_status_check: { field: 'status', rule: 'status' },
  projects_progress_range: { field: 'progress', rule: 'progress' },
  projects_completed_is_full: { field: 'progress', rule: 'completedIsFull' },
  projects_due_after_start: { field: 'dueDate', rule: 'dueOrder' },
  projects_completed_after_start: { field: 'completedOn', rule: 'completedOrder' },
  projects_organization_id_fkey: { field: 'organizationId', rule: 'organization' },
}

/** What a refused write of a project means, for its form (src/lib/write-failure.ts). */
export const projectFailures: Failures = { constraints: failuresOf(projectConstraints, projectMessages) }
