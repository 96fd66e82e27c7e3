// The one way a form checks its fields: the entity's rules, run in the browser before saving,
// and what the database refused on saving, read by the entity's failure catalog (decision 0052).
import type { FieldErrors, FieldValues, Path, Resolver, UseFormSetError } from 'react-hook-form'
import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import { toFormFailure, type FailureCatalog } from '@/lib/write-failure'

/** An entity's rules over a form's values (`src/features/<concept>/rules.ts`): its problems, by field. */
export type RulesCheck<T> = (values: T, locale: string) => { problems: { field: string; message: MessageDescriptor }[] }

/**
 * A react-hook-form resolver over one of the shared rule sets (@/lib/rules): the form shows the
 * same problems, in the same words, as the importer and the database-error map.
 */
export function useRulesResolver<T extends FieldValues>(
  check: RulesCheck<T>,
  /** A check only the browser can make (the file chosen), as a field and its translated message. */
  local?: (values: T) => { field: Path<T>; text: string } | null,
): Resolver<T> {
  const { i18n } = useLingui()
  return (values) => {
    const { problems } = check(values, i18n.locale)
    const errors: Record<string, { type: string; message: string }> = Object.fromEntries(
      problems.map((problem) => [problem.field, { type: 'validate', message: i18n._(problem.message) }]),
    )
    const extra = local?.(values)
    if (extra) errors[extra.field] = { type: 'validate', message: extra.text }
    if (Object.keys(errors).length === 0) return { values, errors: {} }
    return { values: {}, errors: errors as FieldErrors<T> }
  }
}

/**
 * A refused save, by the entity's catalog: on its field (focused) when the catalog names one, and
 * null; otherwise the form's message, for the form to show.
 */
export function useFailureOnField<T extends FieldValues>(setError: UseFormSetError<T>) {
  const { i18n } = useLingui()
  return (error: unknown, catalog: FailureCatalog<Path<T>>): MessageDescriptor | null => {
    const failure = toFormFailure(error, catalog)
    if (!failure.field) return failure.message
    setError(failure.field, { type: 'server', message: i18n._(failure.message) }, { shouldFocus: true })
    return null
  }
}
