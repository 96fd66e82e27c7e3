// What the plan's editors share: the titled panel each editor stands in, the refresh after a write
// and what an entry form's save needs (the rules form's options: a refused one said on its field,
// the plan refreshed; their outcome messages are the form kit's OutcomeAlert).
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useLingui } from '@lingui/react/macro'
import type { Outcome } from '@/components/form/form-alert'
import { failuresOf, saveFailureMessage, type Failure, saveFailures, withFailures } from '@/lib/write-failure'
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

/**
 * An entry form's save, as `useRulesForm`'s options: a refused save is said on the field the table
 * names, otherwise as the form's message; the plan is refreshed whatever came of it.
 */
export function useEntrySave<F extends string>(
  projectId: string,
  constraints: Record<string, { field: F; rule: keyof typeof planMessages }>,
) {
  return {
    failures: withFailures<Failure<F>>(saveFailures, { constraints: failuresOf(constraints, planMessages) }),
    settled: useRefresh(projectId),
  }
}
