// What the plan's editors share: the titled panel each editor stands in, the refresh after a write
// and a refused save said on its field (their outcome messages are the form kit's OutcomeAlert).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { Outcome } from '@/components/form/form-alert'
import {
  failuresOf,
  saveFailureMessage,
  type Failure,
  saveFailures,
  toFormFailure,
  withFailures,
} from '@/lib/write-failure'
import { TitledPanel } from '@/components/ui/titled-panel'
import { planKeys } from '../queries'
import { planMessages } from '../rules'

/** A titled block of a section (e.g. "Add a document"), a region named by its title. */
export const Panel = TitledPanel

/** Refreshes the plan, its entries and the project's progress (all under the project's plan key), and the project page. */
export function useRefresh(projectId: string) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: planKeys.all(projectId) }),
      // The project's header shows the progress the plan moves.
      queryClient.invalidateQueries({ predicate: (query) => JSON.stringify(query.queryKey).includes(projectId) }),
    ])
}

/** Deleting a row of an editor: says what was deleted (or why not), then refreshes the plan. */
export function useRemoval<T>(
  projectId: string,
  remove: (row: T) => Promise<unknown>,
  deleted: (row: T) => string,
  onMessage: (outcome: Outcome | null) => void,
) {
  const { i18n } = useLingui()
  const refresh = useRefresh(projectId)
  return useMutation({
    mutationFn: remove,
    onSuccess: (_, row) => onMessage({ tone: 'info', text: deleted(row) }),
    onError: (error) => onMessage({ tone: 'error', text: i18n._(saveFailureMessage(error)) }),
    onSettled: refresh,
  })
}

/** A failed save: on the field the table names, otherwise as the form's message. */
export function useSaveFailure<F extends string>(
  constraints: Record<string, { field: F; rule: keyof typeof planMessages }>,
) {
  const { i18n } = useLingui()
  return (error: unknown, setError: (field: F, message: string) => void): string | null => {
    const failure = toFormFailure(
      error,
      withFailures<Failure<F>>(saveFailures, { constraints: failuresOf(constraints, planMessages) }),
    )
    if (failure.field === null) return i18n._(failure.message)
    setError(failure.field, i18n._(failure.message))
    return null
  }
}
