// Sending the contact form: editing, submitting, sent, or failed with a retry. The checks of each
// field stay with the form (react-hook-form and the database's rules); this machine holds what
// happens to a message once the person presses Send. The host provides `send` (the insert into
// contact_messages: the app's is src/features/site/contact-form/send.ts, given by use-submission.ts
// with `provide`) and focuses what each answer shows. The machine imports nothing of the form: it
// hands over the row the form built and hands back the field its `send` named.
import { assertEvent, assign, emit, fromPromise, setup, type DoneActorEvent, type ErrorActorEvent } from 'xstate'
import type { TablesInsert } from '../src/lib/db'

/** The message as `send` inserts it into public.contact_messages, built by the form. */
export type ContactRow = TablesInsert<'contact_messages'>

/** What the host's `send` answers for one message. */
export type SendOutcome =
  | { kind: 'sent' }
  /** The database refused one field's value; `field` is the form's name for it. */
  | { kind: 'invalid'; field: string }
  /** Too many messages from this address in the last hour. */
  | { kind: 'rateLimited' }
  /** No connection, a server failure, anything else. */
  | { kind: 'failed' }

export type ContactSubmissionEvent =
  | {
      type: 'contact.submit'
      /** Who to thank. */
      name: string
      row: ContactRow
      /** The hidden honeypot field was filled: only a bot reaches it. */
      trap: boolean
    }
  /** Send was pressed but the form's own checks refused the input: nothing goes out. */
  | { type: 'contact.invalid' }

export interface ContactSubmissionContext {
  name: string
  failure: 'rateLimited' | 'failed' | null
}

/** Every attempt ends with one of these, so the host can move the focus to what it shows. */
export type ContactSubmissionEmitted = { type: 'contact.answered'; refusedField: string | null }

/** The events the machine takes: the person's Send and the answer of its `send` actor. */
type SubmissionMachineEvent =
  ContactSubmissionEvent | DoneActorEvent<SendOutcome, 'send'> | ErrorActorEvent<unknown, 'send'>

/** The answer an event carries; a thrown error counts as a failure to send. */
const outcomeOf = (event: SubmissionMachineEvent): SendOutcome =>
  event.type === 'xstate.done.actor.send' ? event.output : { kind: 'failed' }

export const contactSubmissionMachine = setup({
  types: {
    context: {} as ContactSubmissionContext,
    events: {} as SubmissionMachineEvent,
    emitted: {} as ContactSubmissionEmitted,
    tags: {} as 'pending',
  },
  actors: {
    send: fromPromise<SendOutcome, ContactRow>(async () => {
      throw new Error('send not provided')
    }),
  },
  guards: {
    isTrap: ({ event }) => event.type === 'contact.submit' && event.trap,
    wasSent: ({ event }) => outcomeOf(event).kind === 'sent',
    wasRefused: ({ event }) => outcomeOf(event).kind === 'invalid',
  },
  actions: {
    keepName: assign({ name: ({ event }) => (event.type === 'contact.submit' ? event.name : '') }),
    clearFailure: assign({ failure: null }),
    keepFailure: assign({
      failure: ({ event }) => (outcomeOf(event).kind === 'rateLimited' ? 'rateLimited' : 'failed'),
    }),
    answer: emit(({ event }) => {
      const outcome = outcomeOf(event)
      return { type: 'contact.answered' as const, refusedField: outcome.kind === 'invalid' ? outcome.field : null }
    }),
  },
}).createMachine({
  id: 'contactSubmission',
  description: 'What happens to a contact message once the person presses Send.',
  context: { name: '', failure: null },
  initial: 'filling',
  states: {
    filling: {
      description: 'The form is on screen and can be sent, for the first time or again.',
      initial: 'editing',
      on: {
        'contact.submit': [
          {
            guard: 'isTrap',
            target: 'sent',
            actions: ['keepName', 'answer'],
            description: 'A bot is turned away quietly: it sees the confirmation and nothing is sent.',
          },
          { target: 'submitting', actions: ['keepName', 'clearFailure'] },
        ],
        'contact.invalid': {
          target: '.editing',
          actions: 'clearFailure',
          description: 'The form shows what to correct instead of the last failure.',
        },
      },
      states: {
        editing: {
          description: 'The person fills the form in; a field the database refused is marked.',
        },
        failed: {
          description:
            'No connection, a server failure, or too many messages from this address: the input is kept, Send tries again.',
        },
      },
    },
    submitting: {
      description: 'The message is on its way to contact_messages.',
      tags: ['pending'],
      invoke: {
        id: 'send',
        src: 'send',
        input: ({ event }) => {
          assertEvent(event, 'contact.submit')
          return event.row
        },
        onDone: [
          { guard: 'wasSent', target: 'sent', actions: 'answer' },
          {
            guard: 'wasRefused',
            target: '#contactSubmission.filling.editing',
            actions: 'answer',
            description: 'The database refused one field’s value: back to the form, with that field marked.',
          },
          { target: '#contactSubmission.filling.failed', actions: ['keepFailure', 'answer'] },
        ],
        onError: { target: '#contactSubmission.filling.failed', actions: ['keepFailure', 'answer'] },
      },
    },
    sent: {
      description: 'Thanked by name; the form is gone.',
      type: 'final',
    },
  },
})
