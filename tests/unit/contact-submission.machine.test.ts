import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, transition } from 'xstate'
import { getShortestPaths } from 'xstate/graph'
import {
  contactSubmissionMachine,
  type ContactRow,
  type ContactSubmissionEvent,
  type SendOutcome,
} from '../../machines/contact-submission.machine'

const row = { name: 'Ana' } as ContactRow
const submit = (trap = false): ContactSubmissionEvent => ({ type: 'contact.submit', name: 'Ana', row, trap })

function setup(answers: Array<SendOutcome | Error>) {
  const send = vi.fn(async (_row: ContactRow): Promise<SendOutcome> => {
    const answer = answers.shift() ?? new Error('no answer left')
    if (answer instanceof Error) throw answer
    return answer
  })
  const actor = createActor(
    contactSubmissionMachine.provide({ actors: { send: fromPromise(({ input }) => send(input)) } }),
  )
  const answered: Array<string | null> = []
  actor.on('contact.answered', (event) => answered.push(event.refusedField))
  actor.start()
  const settle = () => vi.waitFor(() => expect(actor.getSnapshot().hasTag('pending')).toBe(false))
  return { actor, send, answered, settle, snapshot: () => actor.getSnapshot() }
}

describe('contact submission machine', () => {
  it('sends once and thanks by name', async () => {
    const t = setup([{ kind: 'sent' }])
    t.actor.send(submit())
    expect(t.snapshot().value).toBe('submitting')
    expect(t.snapshot().hasTag('pending')).toBe(true)
    await t.settle()
    expect(t.snapshot().value).toBe('sent')
    expect(t.snapshot().status).toBe('done')
    expect(t.snapshot().context.name).toBe('Ana')
    expect(t.send).toHaveBeenCalledExactlyOnceWith(row)
    expect(t.answered).toEqual([null])
  })

  it('turns a bot away quietly: the confirmation, and nothing sent', () => {
    const t = setup([])
    t.actor.send(submit(true))
    expect(t.snapshot().value).toBe('sent')
    expect(t.send).not.toHaveBeenCalled()
    expect(t.answered).toEqual([null])
  })

  it.each([
    [{ kind: 'failed' } as SendOutcome, 'failed'],
    [{ kind: 'rateLimited' } as SendOutcome, 'rateLimited'],
    [new Error('chunk failed to load'), 'failed'],
  ])('keeps the input after %o and sends again on retry', async (answer, failure) => {
    const t = setup([answer, { kind: 'sent' }])
    t.actor.send(submit())
    await t.settle()
    expect(t.snapshot().value).toEqual({ filling: 'failed' })
    expect(t.snapshot().context.failure).toBe(failure)
    t.actor.send(submit())
    expect(t.snapshot().context.failure).toBeNull()
    await t.settle()
    expect(t.snapshot().value).toBe('sent')
    expect(t.send).toHaveBeenCalledTimes(2)
    expect(t.answered).toEqual([null, null])
  })

  it('drops the last failure when the form’s own checks refuse the input', async () => {
    const t = setup([{ kind: 'failed' }])
    t.actor.send(submit())
    await t.settle()
    t.actor.send({ type: 'contact.invalid' })
    expect(t.snapshot().value).toEqual({ filling: 'editing' })
    expect(t.snapshot().context.failure).toBeNull()
    expect(t.send).toHaveBeenCalledTimes(1)
  })

  it('goes back to the form with the field the database refused', async () => {
    const t = setup([{ kind: 'invalid', field: 'email' }])
    t.actor.send(submit())
    await t.settle()
    expect(t.snapshot().value).toEqual({ filling: 'editing' })
    expect(t.snapshot().context.failure).toBeNull()
    expect(t.answered).toEqual(['email'])
  })

  it('ignores a second Send while the first is on its way', async () => {
    const t = setup([{ kind: 'sent' }])
    t.actor.send(submit())
    t.actor.send(submit())
    await t.settle()
    expect(t.send).toHaveBeenCalledTimes(1)
    expect(t.snapshot().value).toBe('sent')
  })

  it('reaches every state through its events and its actor’s answers', () => {
    const paths = getShortestPaths(contactSubmissionMachine, {
      events: (snapshot) => [
        submit(),
        submit(true),
        { type: 'contact.invalid' } as ContactSubmissionEvent,
        ...(snapshot.hasTag('pending')
          ? ([{ kind: 'sent' }, { kind: 'invalid', field: 'email' }, { kind: 'rateLimited' }] as SendOutcome[]).map(
              (output) => ({ type: 'xstate.done.actor.send', output }) as unknown as ContactSubmissionEvent,
            )
          : []),
      ],
    })
    const values = new Set(paths.map(({ state }) => JSON.stringify(state.value)))
    // contact.invalid is on no shortest path; from the reached failed state it leads back to editing.
    const failed = paths.find(({ state }) => state.matches({ filling: 'failed' }))!.state
    expect(transition(contactSubmissionMachine, failed, { type: 'contact.invalid' })[0].value).toEqual({
      filling: 'editing',
    })
    expect(values).toEqual(new Set(['{"filling":"editing"}', '{"filling":"failed"}', '"submitting"', '"sent"']))
  })
})
