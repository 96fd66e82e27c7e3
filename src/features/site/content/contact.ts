// Copy for the contact page. The address itself comes from siteConfig.email.
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import type { TitledText } from './types'

export interface ContactContent {
  title: MessageDescriptor
  lead: MessageDescriptor
  /** Label of the e-mail link or button. */
  emailLabel: MessageDescriptor
  /** What to include in the message. */
  emailHint: MessageDescriptor
  nextStepsTitle: MessageDescriptor
  /** Exactly 3 steps, in order. */
  nextSteps: TitledText[]
  responseTimeTitle: MessageDescriptor
  responseTime: MessageDescriptor
  officeTitle: MessageDescriptor
  office: MessageDescriptor
  /** One sentence on what happens to the data in the e-mail. */
  privacyNote: MessageDescriptor
}

export const contactContent: ContactContent = {
  title: msg`Tell us about your project`,
  lead: msg`Whether you have a defined project or just a problem that keeps coming back, a short message is enough to start. A senior consultant reads every one.`,
  emailLabel: msg`Write to us`,
  emailHint: msg`It helps to include some context: what your company does, which systems and data sources are involved, what you would like to change and the timeline you are working to.`,
  nextStepsTitle: msg`What happens next`,
  nextSteps: [
    {
      title: msg`We answer within one business day`,
      text: msg`A consultant reads your message and replies personally, with any questions we need answered and a few options for a call.`,
    },
    {
      title: msg`A 30-minute call`,
      text: msg`A conversation with a senior consultant about your situation and the options you have. No sales pitch: if we are not the right fit, we will say so.`,
    },
    {
      title: msg`A written proposal`,
      text: msg`If it makes sense to continue, you receive a proposal with the scope, deliverables, timeline and fixed price of the discovery phase.`,
    },
  ],
  responseTimeTitle: msg`Response time`,
  responseTime: msg`One business day. We work Monday to Friday, 9:00 to 18:00 CET (Madrid time).`,
  officeTitle: msg`Where we are`,
  office: msg`Our team is based in Madrid, Spain. We work on-site or remotely with companies across Spain and Latin America.`,
  privacyNote: msg`We use the details in your e-mail only to answer you, never share them with third parties and delete them whenever you ask.`,
}
