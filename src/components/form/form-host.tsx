// react-hook-form with the rules' resolver, for a form that loads them when the person turns to it
// (form-on-demand.tsx): renders nothing once the rules have loaded, and hands the form up, and
// again whenever react-hook-form renders it for a change (its errors).
import { use, useLayoutEffect } from 'react'
import { useForm, type FieldErrors, type FieldValues, type UseFormReturn } from 'react-hook-form'
import { useRulesResolver, type RulesCheck } from './rules-resolver'

export interface LoadedForm<T extends FieldValues> {
  form: UseFormReturn<T>
  errors: FieldErrors<T>
}

export interface FormHostProps<T extends FieldValues> {
  /** The entity's rules, loading. */
  checking: Promise<RulesCheck<T>>
  onForm: (loaded: LoadedForm<T>) => void
}

/** No default values: the fields' first values are in the markup, and what was typed before stays. */
export default function FormHost<T extends FieldValues>({ checking, onForm }: FormHostProps<T>) {
  const check = use(checking)
  const form = useForm<T>({ resolver: useRulesResolver(check) })
  // Read while rendering, so that react-hook-form renders this again when they change.
  const { errors } = form.formState
  // The form state is a new object only when react-hook-form has rendered this for a change.
  useLayoutEffect(() => onForm({ form, errors }), [form, form.formState, errors, onForm])
  return null
}
