// What each refused conversation write says, in the person's language: one list for the portal
// and the admin area, which share the conversation screen.
import type { I18n, MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { ConversationError, type ConversationFailure } from '@/features/conversation/writes'
import { conversationMessages } from './rules'

export const conversationFailureMessages: Record<ConversationFailure, MessageDescriptor> = {
  'edit-window': msg`The time to edit this message is over.`,
  'too-long': conversationMessages.bodyLength,
  mentions: msg`Only people on the project can be mentioned.`,
  attachments: msg`Only documents of this project can be attached, and not that many.`,
  deleted: msg`This message has been deleted.`,
  'too-many': msg`You have sent many messages in a short time. Please wait a minute and try again.`,
  unknown: msg`The message could not be saved. Please try again.`,
}

/** The sentence for an error thrown by the conversation's writes. */
export function conversationFailureText(i18n: I18n, error: unknown): string {
  return i18n._(conversationFailureMessages[error instanceof ConversationError ? error.failure : 'unknown'])
}
