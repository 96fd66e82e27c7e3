// A form that loads react-hook-form when the person turns to it (form-on-demand.tsx, issue 24): its
// fields work from the start; react-hook-form loads on the first pointer, focus or drag in the
// form, never before, and takes over the same fields, keeping what was typed and the focus; a
// submit that comes first waits for it and is checked with the rules, as any other form's.
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { activateLocale, i18n } from '../../src/lib/i18n'
import { useFormOnDemand } from '../../src/components/form/form-on-demand'
import type { ApprovalAnswerInput } from '../../src/features/approvals/rules'
import { serveCatalogs } from './support/catalogs'

const loads = vi.hoisted(() => ({ count: 0 }))
vi.mock('../../src/components/form/form-host', async (actual) => {
  loads.count++
  return actual()
})

/**
 * Waits that include a module's first load (react-hook-form's host, the rules with zod): Vitest
 * transforms it then, which on a loaded machine took longer than waitFor's default second. They
 * end as soon as what they wait for has happened.
 */
const firstLoad = { timeout: 10_000 }

const loadCheck = () => import('../../src/features/approvals/rules').then((rules) => rules.checkApprovalAnswer)

function AnswerForm({ onAnswer }: { onAnswer: (values: ApprovalAnswerInput) => void }) {
  const fields = useFormOnDemand<ApprovalAnswerInput>(loadCheck)
  const error = fields.errors.comment?.message
  return (
    <form ref={fields.formRef} aria-label="Answer" onSubmit={(event) => event.preventDefault()}>
      <label htmlFor="comment">Comment</label>
      <textarea id="comment" aria-invalid={error ? true : undefined} {...fields.register('comment')} />
      {error && <p role="alert">{error}</p>}
      <button type="button" onClick={() => fields.submit(onAnswer, { decision: 'changes_requested' })}>
        Ask for changes
      </button>
      <p data-testid="comment-now">{fields.text('comment')}</p>
      {fields.host}
    </form>
  )
}

async function renderForm() {
  const onAnswer = vi.fn()
  render(
    <I18nProvider i18n={i18n}>
      <AnswerForm onAnswer={onAnswer} />
    </I18nProvider>,
  )
  return { onAnswer, comment: screen.getByLabelText('Comment') as HTMLTextAreaElement }
}

describe('a form that loads react-hook-form on demand', () => {
  beforeEach(async () => {
    serveCatalogs()
    await activateLocale('en')
  })

  it('takes over the same field when the person turns to it, keeping what was typed and the focus', async () => {
    const { onAnswer, comment } = await renderForm()
    // Typed (or pasted) with the pointer elsewhere: the field is the form's own.
    fireEvent.change(comment, { target: { value: 'The margin by store, please.' } })
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(loads.count).toBe(0)
    await act(async () => comment.focus())
    await waitFor(() => expect(loads.count).toBe(1), firstLoad)
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
    expect(screen.getByLabelText('Comment')).toBe(comment)
    expect(comment).toHaveFocus()
    expect(comment).toHaveValue('The margin by store, please.')
    fireEvent.click(screen.getByRole('button', { name: 'Ask for changes' }))
    await waitFor(
      () =>
        expect(onAnswer).toHaveBeenCalledWith(
          { comment: 'The margin by store, please.', decision: 'changes_requested' },
          undefined,
        ),
      firstLoad,
    )
    expect(screen.getByTestId('comment-now')).toHaveTextContent('The margin by store, please.')
  })

  it('checks a submit that came before react-hook-form once it has arrived, with the rules and their focus', async () => {
    const { onAnswer, comment } = await renderForm()
    // (act: the press renders react-hook-form's part, which waits for its module and the rules)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Ask for changes' })))
    expect(await screen.findByRole('alert', {}, firstLoad)).toHaveTextContent('Say what should change.')
    expect(comment).toHaveAttribute('aria-invalid', 'true')
    expect(comment).toHaveFocus()
    expect(onAnswer).not.toHaveBeenCalled()
    // Then as any react-hook-form form: the error goes once the comment is there.
    fireEvent.input(comment, { target: { value: 'Add the margin.' } })
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull())
    fireEvent.click(screen.getByRole('button', { name: 'Ask for changes' }))
    await waitFor(() =>
      expect(onAnswer).toHaveBeenCalledWith({ comment: 'Add the margin.', decision: 'changes_requested' }, undefined),
    )
  })
})
