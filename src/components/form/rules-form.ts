// The one way to build an entity's form (decisions 0024, 0045): react-hook-form over the entity's
// rules (`useRulesResolver`), the outcome of its last save, and the save itself: the message
// cleared, the write, a refusal put on the field the entity's failure catalog names (focused) or
// said as the form's message, and what follows every write (a refresh) whatever came of it.
// Its own module, apart from rules-resolver.ts: it loads react-hook-form, which the forms loaded
// on demand (form-on-demand.tsx) keep out of their page's chunk.
import { useEffect, useState } from 'react'
import {
  useForm,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
} from 'react-hook-form'
import type { MessageDescriptor } from '@lingui/core'
import { saveFailures, type FailureCatalog } from '@/lib/write-failure'
import type { Outcome } from './form-alert'
import { useFailureOnField, useRulesResolver, type RulesCheck } from './rules-resolver'

/** A form's message: translated, or a message descriptor translated when shown. */
export type FormOutcome = Outcome<string | MessageDescriptor>

export interface RulesFormOptions<T extends FieldValues> extends Omit<UseFormProps<T>, 'resolver'> {
  /** A check only the browser can make (the file chosen), as `useRulesResolver` takes it. */
  local?: Parameters<typeof useRulesResolver<T>>[1]
  /** What the database's refusals mean for this form (the entity's `…Failures`); the default catalog otherwise. */
  failures?: FailureCatalog<Path<T>>
  /** Runs after every save, whatever came of it (the refresh of what the form writes to). */
  settled?: () => Promise<unknown>
  /** A field focused when the form opens (an entry's form, opened to edit the entry, focuses its title). */
  focus?: Path<T>
}

/** How a save reads a refusal: puts it on a field and answers null, or answers the form's message. */
export type FailureReader = (error: unknown) => string | MessageDescriptor | null

export interface RulesForm<T extends FieldValues> extends UseFormReturn<T> {
  /** The fields' problems (`formState.errors`), which every form shows. */
  errors: FieldErrors<T>
  /** Whether the form is being submitted (`formState.isSubmitting`), which its button says. */
  isSubmitting: boolean
  outcome: FormOutcome | null
  setOutcome: (outcome: FormOutcome | null) => void
  /**
   * Clears the form's message and writes; a refusal goes on its field or becomes the form's
   * message (by `read`, or the form's `failures`). True when written (`write` may answer false
   * to stop without a message).
   */
  save: (write: () => Promise<unknown>, read?: FailureReader) => Promise<boolean>
}

export function useRulesForm<T extends FieldValues>(
  check: RulesCheck<T>,
  { local, failures = saveFailures, settled, focus, ...options }: RulesFormOptions<T> = {},
): RulesForm<T> {
  const form = useForm<T>({ ...options, resolver: useRulesResolver(check, local) })
  const [outcome, setOutcome] = useState<FormOutcome | null>(null)
  const onField = useFailureOnField(form.setError)
  const { setFocus } = form
  useEffect(() => {
    if (focus) setFocus(focus)
  }, [focus, setFocus])
  const save = async (write: () => Promise<unknown>, read: FailureReader = (error) => onField(error, failures)) => {
    setOutcome(null)
    try {
      if ((await write()) === false) return false
    } catch (error) {
      const text = read(error)
      if (text) setOutcome({ tone: 'error', text })
      return false
    } finally {
      await settled?.()
    }
    return true
  }
  const { errors, isSubmitting } = form.formState
  return { ...form, errors, isSubmitting, outcome, setOutcome, save }
}
