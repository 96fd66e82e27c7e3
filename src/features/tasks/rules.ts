// A task (a row of tasks), as the staff form and the database-error map read it: one zod schema
// over the form's values, one message per rule, and the table's constraints (and the trigger
// errors of supabase/migrations/20261121221100_tasks.sql) named by the field and rule they guard.
// tests/integration/schema/entity-rules.test.ts checks the schema and the table refuse the same values.
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { taskPriorities, taskStatuses } from '@/features/tasks/vocabulary'
import { checkbox, checkWith, oneOf, optionalDay, optionalText, requiredText, text, trimmed } from '@/lib/rules/check'
import { isCalendarDate } from '@/lib/rules/values'
import { failuresOf, type Failures } from '@/lib/write-failure'

export const taskMessages = {
  titleMissing: msg`Enter the task's title.`,
  titleLength: msg`Enter a title of at most 200 characters.`,
  description: msg`A description has at most 5,000 characters.`,
  assignee: msg`A task can only be assigned to a client of this project's organization, or to staff.`,
  date: msg`Enter a valid date.`,
  priority: msg`Choose a priority from the list.`,
  status: msg`Choose a status from the list.`,
  internal: msg`A task assigned to a client must be visible to the client.`,
} satisfies Record<string, MessageDescriptor>

export type TaskRule = keyof typeof taskMessages

export const taskFields = [
  'title',
  'description',
  'assignedTo',
  'dueDate',
  'priority',
  'status',
  'visibleToClient',
] as const

export type TaskField = (typeof taskFields)[number]

export interface TaskInput {
  title: string
  description: string
  assignedTo: string
  dueDate: string
  priority: string
  status: string
  visibleToClient: boolean
}

export const taskSchema = z.object({
  title: requiredText(200, 'titleMissing', 'titleLength'),
  description: optionalText(5000, 'description'),
  assignedTo: text.transform((value) => value || null),
  dueDate: optionalDay(isCalendarDate, 'date'),
  priority: oneOf(taskPriorities, 'priority'),
  status: oneOf(taskStatuses, 'status'),
  visibleToClient: checkbox,
})

/** The columns a task's fields are stored in. */
export function toTaskRow(values: TaskInput) {
  return {
    title: values.title.trim(),
    description: values.description.trim() || null,
    assigned_to: values.assignedTo || null,
    due_date: values.dueDate.trim() || null,
    priority: values.priority,
    status: values.status,
    is_internal: !values.visibleToClient,
  }
}

/**
 * Who may be assigned is the project's: the organization's clients and staff (`assignable`; a
 * task's current assignee stays allowed), and a client's task must be visible (`clients`). The
 * database's trigger checks the same (tasks_assignee_in_organization, tasks_internal_not_for_clients).
 */
export function checkTask(
  input: Partial<TaskInput>,
  people?: { assignable: ReadonlySet<string>; clients: ReadonlySet<string> },
) {
  const across: { field: TaskField; rule: TaskRule }[] = []
  const assignee = trimmed(input.assignedTo)
  if (people && assignee && !people.assignable.has(assignee)) across.push({ field: 'assignedTo', rule: 'assignee' })
  if (people && input.visibleToClient === false && people.clients.has(assignee))
    across.push({ field: 'visibleToClient', rule: 'internal' })
  return checkWith(taskSchema, taskFields, taskMessages, input, across)
}

/** The table's constraints and its trigger's errors, as the field and rule each one guards. */
export const taskConstraints: Record<string, { field: TaskField; rule: TaskRule }> = {
  tasks_title_length: { field: 'title', rule: 'titleLength' },
  tasks_description_length: { field: 'description', rule: 'description' },
  tasks_status_check: { field: 'status', rule: 'status' },
  tasks_priority_check: { field: 'priority', rule: 'priority' },
  tasks_internal_not_for_clients: { field: 'visibleToClient', rule: 'internal' },
  tasks_assignee_in_organization: { field: 'assignedTo', rule: 'assignee' },
  tasks_assigned_to_fkey: { field: 'assignedTo', rule: 'assignee' },
}

/** What a refused write of a task means, for its form (src/lib/write-failure.ts). */
export const taskFailures: Failures = {
  constraints: failuresOf(taskConstraints, taskMessages),
  triggers: [
    [/internal task cannot be assigned to a client/i, 'tasks_internal_not_for_clients'],
    [/only be assigned to a client of the project/i, 'tasks_assignee_in_organization'],
  ],
}
