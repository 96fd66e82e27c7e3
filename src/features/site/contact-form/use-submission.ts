// Where the contact form's message stands: the submission machine's state in the browser, or,
// on the page the server renders for the form sent without JavaScript (never hydrated), what
// that answer says.
import { shallowEqual, useActorRef, useSelector } from '@xstate/react'
import { fromPromise } from 'xstate'
import { getInspector } from '@/lib/inspector'
import { contactSubmissionMachine } from '../../../../machines/contact-submission.machine'
import { sendContactMessage } from './send'
import { useContactSubmission, type SubmissionFailure } from './submission'

export function useSubmission() {
  // Set when the server renders its answer to the form sent without JavaScript.
  const submitted = useContactSubmission()
  const submission = useActorRef(
    contactSubmissionMachine.provide({ actors: { send: fromPromise(({ input }) => sendContactMessage(input)) } }),
    { inspect: getInspector() },
  )
  const live = useSelector(
    submission,
    (snapshot) => ({
      sentBy: snapshot.matches('sent') ? snapshot.context.name : null,
      failure: snapshot.matches({ filling: 'failed' }) ? snapshot.context.failure : null,
      sending: snapshot.hasTag('pending'),
    }),
    shallowEqual,
  )
  const sentBy: string | null = submitted ? submitted.sentBy : live.sentBy
  const failure: SubmissionFailure | null = submitted ? submitted.failure : live.failure
  return { submission, submitted, sentBy, failure, sending: live.sending }
}
