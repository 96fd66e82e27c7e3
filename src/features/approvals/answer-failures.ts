// What a refused answer to a request for approval means to the approver. Apart from rules.ts
// (which holds zod) so that the client's project page reads it without loading the rules, which
// come with the answer form when the approver turns to it (decision 0045's amendment).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { Catalog } from '@/lib/write-failure'

/**
 * What a refused answer means to the approver: the request answered meanwhile, or a newer version
 * shared (the guard's messages), not an approver (42501); anything else, the network included,
 * could not be saved.
 */
const answerNotSaved = msg`Your answer could not be saved. Please try again.`

export const answerFailures: Catalog<MessageDescriptor> = {
  patterns: [
    [/already been answered/, msg`This request has already been answered; the record above shows the answer.`],
    [/newer version/, msg`A newer version has been shared meanwhile. Review it before answering.`],
  ],
  codes: { '42501': msg`Only your organization’s approvers can answer this request.` },
  network: answerNotSaved,
  fallback: answerNotSaved,
}
