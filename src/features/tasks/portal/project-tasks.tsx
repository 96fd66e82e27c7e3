// A project's tasks the client may see (not internal). A task assigned to the signed-in client
// can be marked done and reopened; the database stamps completed_at and lets a client change
// nothing but the status.
import { useId } from 'react'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { useProfile } from '@/lib/auth/use-auth'
import * as layout from '@/components/ui/layout.css'
import { supabase } from '@/lib/supabase'
import { EmptyState } from '@/components/ui/page-kit'
import { projectKeys } from '@/lib/query-keys'
import { projectTasksQuery, type PortalTask } from '@/features/tasks/portal/queries'
import * as styles from '@/components/ui/page.css'
import { DataTable } from '@/components/ui/data-table'
import { activePreview } from '@/lib/auth/view-as'
import { actionName } from '@/lib/action-name'
import { useTaskColumns } from '../task-columns'
import { PendingButton } from '@/components/ui/pending-button'

function useTaskStatus(projectId: string) {
  const queryClient = useQueryClient()
  const profile = useProfile()
  return useMutation({
    mutationFn: async ({ task, done }: { task: PortalTask; done: boolean }) => {
      // tasks_completed_when_done: completed_at is set exactly when the status is done (the
      // trigger would also stamp it; sending it keeps the row valid on its own).
      const change = done
        ? { status: 'done', completed_at: new Date().toISOString() }
        : { status: 'todo', completed_at: null }
      const { data, error } = await supabase.from('tasks').update(change).eq('id', task.id).select('id')
      if (error) throw new Error(error.message)
      if (!data || data.length === 0) throw new Error('The task could not be changed')
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.tasks(profile.id) }),
        queryClient.invalidateQueries({ queryKey: projectKeys.activity(profile.id, projectId) }),
      ]),
  })
}

export function TasksSection({ projectId, projectName }: { projectId: string; projectName: string }) {
  const { t, i18n } = useLingui()
  const taskColumns = useTaskColumns<PortalTask>()
  const profile = useProfile()
  const { data: tasks } = useSuspenseQuery(projectTasksQuery(profile.id, projectId))
  const mutation = useTaskStatus(projectId)
  const errorId = useId()

  if (tasks.length === 0) {
    return (
      <EmptyState>
        <Trans>There are no tasks in this project yet.</Trans>
      </EmptyState>
    )
  }

  const pendingId = mutation.isPending ? mutation.variables?.task.id : undefined
  const failedTask = mutation.isError ? mutation.variables?.task.title : undefined

  return (
    <>
      {failedTask !== undefined && (
        <p id={errorId} className={styles.inlineError} role="alert">
          <Trans>The task “{failedTask}” could not be updated. Please try again.</Trans>
        </p>
      )}
      <DataTable
        caption={<Trans>Tasks of {projectName}</Trans>}
        rows={tasks}
        keyAttribute="data-task-id"
        columns={[
          ...taskColumns,
          {
            key: 'assignee',
            header: t`Assigned to`,
            cell: (task) =>
              task.assigned_to === profile.id ? (
                <Trans>You</Trans>
              ) : task.assigned_to ? (
                <Trans>Someone else</Trans>
              ) : (
                <Trans>Unassigned</Trans>
              ),
          },
          {
            key: 'action',
            header: t`Action`,
            actions: true,
            cell: (task) => {
              const done = task.status === 'done'
              const busy = pendingId === task.id
              const title = task.title
              return task.assigned_to === profile.id && !activePreview() ? (
                <PendingButton
                  className={styles.smallButton}
                  pending={busy}
                  aria-describedby={failedTask !== undefined ? errorId : undefined}
                  aria-label={actionName(i18n, busy ? t`Saving...` : done ? t`Reopen` : t`Mark as done`, title)}
                  onClick={() => mutation.mutate({ task, done: !done })}
                >
                  {busy ? <Trans>Saving...</Trans> : done ? <Trans>Reopen</Trans> : <Trans>Mark as done</Trans>}
                </PendingButton>
              ) : (
                <>
                  <span aria-hidden="true">—</span>
                  <span className={layout.visuallyHidden}>
                    <Trans>No action available</Trans>
                  </span>
                </>
              )
            },
          },
        ]}
      />
    </>
  )
}
