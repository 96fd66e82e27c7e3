// A project's tasks for staff: every task (internal ones included) with edit and delete, and the
// form that creates or edits one: title, description, assignee (a client user of the project's
// organization or a staff member), due date, priority, status and whether the client sees it
// (stored inverted, as is_internal). Assigning a task notifies the assignee once.
import { useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { CheckboxField, Field, SelectField, TextAreaField } from '@/components/form/field'
import * as formStyles from '@/components/form/form.css'
import { labelOf, taskStatusLabels } from '@/lib/labels'
import { taskPriorityLabels } from '@/features/tasks/labels'
import { DataTable } from '@/components/ui/data-table'
import { useColumnKit } from '@/components/ui/columns'
import { deleteTask, saveTask } from '@/features/tasks/admin/api'
import {
  EntryFormActions,
  OutcomeMessage,
  Panel,
  useEntryEditor,
  useEntryWrite,
  useProjectSave,
  type ProjectRef,
} from '@/components/form/project-form-kit'
import { useRulesForm } from '@/components/form/rules-form'
import { adminTasksQuery, projectPeopleQuery, type AdminTask, type Person } from '@/features/tasks/admin/queries'
import * as styles from '@/components/form/project-forms.css'
import { checkTask, taskFields, toTaskRow, type TaskInput, taskFailures } from '@/features/tasks/rules'
import { taskPriorities, taskStatuses } from '@/features/tasks/vocabulary'
import { useTaskColumns } from '../task-columns'

function personLabel(person: Person, staffWord: string, clientWord: string): string {
  const name = person.full_name || person.email || person.id
  return `${name} (${person.role === 'client' ? clientWord : staffWord})`
}

export function TasksAdmin({ project }: { project: ProjectRef }) {
  const { t } = useLingui()
  const taskColumns = useTaskColumns<AdminTask>()
  const kit = useColumnKit<AdminTask>()
  const { data: tasks } = useSuspenseQuery(adminTasksQuery(project.id))
  const { data: people } = useSuspenseQuery(projectPeopleQuery(project.id))
  const editor = useEntryEditor<AdminTask>()
  const { outcome, setOutcome } = editor
  const projectName = project.name
  const everyone = new Map([...people.clients, ...people.staff].map((person) => [person.id, person]))
  const staffWord = t`staff`
  const clientWord = t`client`

  const target = { projectId: project.id, failures: taskFailures, setOutcome }
  const removal = useEntryWrite(
    target,
    (task: AdminTask) => deleteTask(task.id),
    (task) => {
      const title = task.title
      return t`The task “${title}” has been deleted.`
    },
  )

  return (
    <>
      <OutcomeMessage outcome={outcome} />
      <DataTable
        caption={<Trans>Tasks of {projectName}</Trans>}
        rows={tasks}
        keyAttribute="data-task-id"
        empty={<Trans>This project has no tasks yet.</Trans>}
        columns={[
          ...taskColumns,
          {
            key: 'assignee',
            header: t`Assigned to`,
            cell: (task) => {
              const assignee = task.assigned_to ? everyone.get(task.assigned_to) : undefined
              return assignee ? (
                personLabel(assignee, staffWord, clientWord)
              ) : task.assigned_to ? (
                <Trans>A former user</Trans>
              ) : (
                <Trans>Unassigned</Trans>
              )
            },
          },
          kit.visibleToClient((task) => !task.is_internal),
          kit.editDelete({
            name: (task) => task.title,
            onEdit: (task) => editor.setEditing(task),
            question: (title) => <Trans>Delete the task “{title}”?</Trans>,
            busy: removal.isPending,
            onDelete: (task) => removal.mutate(task),
          }),
        ]}
      />
      <TaskForm
        key={editor.formKey}
        project={project}
        task={editor.editing}
        people={people}
        onDone={editor.done}
        onCancel={editor.cancel}
      />
    </>
  )
}

type TaskFormValues = TaskInput

const TASK_FIELDS = taskFields

function TaskForm({
  project,
  task,
  people,
  onDone,
  onCancel,
}: {
  project: ProjectRef
  task: AdminTask | null
  people: { clients: Person[]; staff: Person[] }
  onDone: (text: string) => void
  onCancel: () => void
}) {
  const { t, i18n } = useLingui()
  const assignees = [...people.clients, ...people.staff]
  const rulesPeople = {
    // a former assignee stays allowed (see `current` below)
    assignable: new Set([...assignees.map((person) => person.id), ...(task?.assigned_to ? [task.assigned_to] : [])]),
    clients: new Set(people.clients.map((person) => person.id)),
  }
  const { register, handleSubmit, outcome, save, errors, isSubmitting } = useRulesForm(
    (values: TaskFormValues) => checkTask(values, rulesPeople),
    {
      ...useProjectSave(project.id, TASK_FIELDS, taskFailures),
      focus: task ? 'title' : undefined,
      defaultValues: {
        title: task?.title ?? '',
        description: task?.description ?? '',
        assignedTo: task?.assigned_to ?? '',
        dueDate: task?.due_date ?? '',
        priority: task?.priority ?? 'medium',
        status: task?.status ?? 'todo',
        visibleToClient: task ? !task.is_internal : true,
      },
    },
  )
  const taskTitle = task?.title ?? ''
  const organizationName = project.organization?.name ?? ''
  const staffWord = t`staff`
  const clientWord = t`client`
  // a task may still point to someone who left; keep them selectable so saving changes nothing
  const current = task?.assigned_to && !assignees.some((person) => person.id === task.assigned_to)

  const submit = handleSubmit(async (values) => {
    const title = values.title.trim()
    const saved = await save(() => saveTask(project.id, task?.id ?? null, toTaskRow(values)))
    if (!saved) return
    onDone(task ? t`The task “${title}” has been saved.` : t`The task “${title}” has been created.`)
  })

  return (
    <Panel title={task ? <Trans>Edit the task “{taskTitle}”</Trans> : <Trans>New task</Trans>} testId="task-form">
      <OutcomeMessage outcome={outcome} />
      <form className={formStyles.form} onSubmit={submit} noValidate>
        <div className={styles.formGrid}>
          <div className={styles.wide}>
            <Field label={t`Title`} autoComplete="off" error={errors.title?.message} {...register('title')} />
          </div>
          <div className={styles.wide}>
            <TextAreaField
              label={t`Description (optional)`}
              error={errors.description?.message}
              {...register('description')}
            />
          </div>
          <SelectField
            label={t`Assigned to`}
            hint={<Trans>A client user of {organizationName} or a staff member.</Trans>}
            error={errors.assignedTo?.message}
            options={[
              { value: '', label: t`Unassigned` },
              ...(current ? [{ value: task.assigned_to!, label: t`A former user` }] : []),
              ...assignees.map((person) => ({ value: person.id, label: personLabel(person, staffWord, clientWord) })),
            ]}
            {...register('assignedTo')}
          />
          <Field label={t`Due date (optional)`} type="date" error={errors.dueDate?.message} {...register('dueDate')} />
          <SelectField
            label={t`Priority`}
            error={errors.priority?.message}
            options={taskPriorities.map((code) => ({ value: code, label: labelOf(i18n, taskPriorityLabels, code) }))}
            {...register('priority')}
          />
          <SelectField
            label={t`Status`}
            error={errors.status?.message}
            options={taskStatuses.map((code) => ({ value: code, label: labelOf(i18n, taskStatusLabels, code) }))}
            {...register('status')}
          />
          <div className={styles.wide}>
            <CheckboxField
              label={t`Visible to the client`}
              hint={
                <Trans>
                  Clear it for internal work: the client does not see the task, and it cannot be assigned to a client.
                </Trans>
              }
              error={errors.visibleToClient?.message}
              {...register('visibleToClient')}
            />
          </div>
        </div>
        <EntryFormActions busy={isSubmitting} editing={task !== null} onCancel={onCancel}>
          {task ? <Trans>Save task</Trans> : <Trans>Create task</Trans>}
        </EntryFormActions>
      </form>
    </Panel>
  )
}
