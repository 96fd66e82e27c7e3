// The one way to build a form (react-hook-form over the entity's rules, decision 0045) for a form
// that is on a page from the start but that few people use there: the client's upload form, an
// approver's answer. react-hook-form and the entity's rules (zod) are 14 and 24 kB of gzip that the
// page would load for everyone; here the fields are the form's own at first (uncontrolled, their
// first values in the markup), and react-hook-form with the rules' resolver (form-host.tsx) and
// the rules load when the person turns to the form: the pointer over it, the focus in it, a file
// dragged onto it. They then take over the very same fields (nothing is drawn again: what was
// typed, the focus and the caret stay), and a submit that comes before they have arrived waits.
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react'
import type { FieldErrors, FieldValues, Path, PathValue, UseFormRegisterReturn, UseFormReturn } from 'react-hook-form'
import type { RulesCheck } from './rules-resolver'
import type { FormHostProps, LoadedForm } from './form-host'

const loadHost = () => import('./form-host')
const FormHost = lazy(loadHost)

/** What a person does first when they turn to a form. */
const intents = ['pointerenter', 'focusin', 'dragenter'] as const

export interface FormOnDemand<T extends FieldValues> {
  /** The `<form>`'s ref: turning to the form loads react-hook-form and the rules. */
  formRef: (element: HTMLFormElement | null) => () => void
  /** A field's props: its name until react-hook-form has arrived, then react-hook-form's. */
  register: (name: Path<T>) => Partial<UseFormRegisterReturn<Path<T>>>
  errors: FieldErrors<T>
  /**
   * Checks the form with the rules (as `handleSubmit` does) and calls `valid` with its values, now
   * or once react-hook-form has arrived. `set`: values that no field holds (the button pressed).
   */
  submit: (valid: (values: T) => void, set?: Partial<T>) => void
  /** Uses the form now, or once react-hook-form has arrived. */
  withForm: (action: (form: UseFormReturn<T>) => void) => void
  /** A text field's value, as react-hook-form has it or, before, as the field has it. */
  text: (name: Path<T>) => string
  /** Renders nothing; goes inside the form. */
  host: ReactNode
}

/**
 * `loadCheck`: loads the entity's rules over the form's values, as `useRulesResolver` takes them
 * (`() => import('@/features/<concept>/rules').then((rules) => rules.checkX)`, at module level).
 */
export function useFormOnDemand<T extends FieldValues>(loadCheck: () => Promise<RulesCheck<T>>): FormOnDemand<T> {
  const [checking, setChecking] = useState<Promise<RulesCheck<T>> | null>(null)
  const started = useRef(false)
  const [loaded, setLoaded] = useState<LoadedForm<T> | null>(null)
  const waiting = useRef<((form: UseFormReturn<T>) => void)[]>([])
  const element = useRef<HTMLFormElement | null>(null)
  const form = loaded?.form

  const want = useCallback(() => {
    if (started.current) return
    started.current = true
    void loadHost()
    setChecking(loadCheck())
  }, [loadCheck])
  const formRef = useCallback(
    (node: HTMLFormElement | null) => {
      element.current = node
      for (const type of intents) node?.addEventListener(type, want)
      return () => {
        for (const type of intents) node?.removeEventListener(type, want)
        element.current = null
      }
    },
    [want],
  )

  // What was asked before react-hook-form arrived, in order, once the fields are its own.
  useEffect(() => {
    if (form) for (const action of waiting.current.splice(0)) action(form)
  }, [form])

  const withForm = (action: (form: UseFormReturn<T>) => void) => {
    if (form) return action(form)
    waiting.current.push(action)
    want()
  }
  const Host = FormHost as unknown as ComponentType<FormHostProps<T>>
  return {
    formRef,
    register: (name) => (form ? form.register(name) : { name }),
    errors: loaded?.errors ?? {},
    submit: (valid, set = {}) =>
      withForm((ready) => {
        for (const [name, value] of Object.entries(set)) ready.setValue(name as Path<T>, value as PathValue<T, Path<T>>)
        void ready.handleSubmit(valid)()
      }),
    withForm,
    text: (name) => {
      const field = element.current?.elements.namedItem(name) as HTMLInputElement | HTMLTextAreaElement | null
      return String((form ? form.getValues(name) : field?.value) ?? '')
    },
    host: checking && (
      <Suspense fallback={null}>
        <Host checking={checking} onForm={setLoaded} />
      </Suspense>
    ),
  }
}
