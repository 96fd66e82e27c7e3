// The columns both areas' task tables share, so a task reads the same in the portal and the admin
// area: the task (its title and description), its status, priority and due date. Each area adds
// its own: who it is assigned to, whether the client sees it, and what can be done with it.
import { useLingui } from '@lingui/react/macro'
import type { Column } from '@/components/ui/data-table'
import { DueDate, StatusBadge } from '@/components/ui/page-kit'
import { useColumnKit } from '@/components/ui/columns'
import type { Tables } from '@/lib/db'
import { labelOf } from '@/lib/labels'
import { taskPriorityLabels } from '@/features/tasks/labels'

type TaskRow = Pick<Tables<'tasks'>, 'title' | 'description' | 'status' | 'priority' | 'due_date'>

export function useTaskColumns<Row extends TaskRow>(): Column<Row>[] {
  const { t, i18n } = useLingui()
  const kit = useColumnKit<Row>()
  return [
    kit.title({ key: 'task', header: t`Task`, title: (task) => task.title, detail: (task) => task.description }),
    { key: 'status', header: t`Status`, cell: (task) => <StatusBadge kind="task" status={task.status} /> },
    {
      key: 'priority',
      header: t`Priority`,
      cell: (task) => labelOf(i18n, taskPriorityLabels, task.priority),
    },
    {
      key: 'due',
      header: t`Due date`,
      cell: (task) => <DueDate date={task.due_date} done={task.status === 'done'} />,
    },
  ]
}
