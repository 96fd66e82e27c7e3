// A conversation message's own rules, as the composer and the edit form check them before sending:
// it has text (conversation_messages_body_present) and, trimmed, fits the limit the database is set
// with (conversation_messages_body_length, conversation_settings.max_message_chars, counted in
// characters as PostgreSQL counts them). Who may be mentioned and what attached are the
// database's to refuse (failure-messages.ts says it).
import { z } from 'zod'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { checkWith, problem, text } from '@/lib/rules/check'

export const conversationMessages = {
  bodyMissing: msg`Write a message first.`,
  bodyLength: msg`The message is too long.`,
} satisfies Record<string, MessageDescriptor>

export const messageFields = ['body'] as const

export interface MessageInput {
  body: string
}

const characters = (value: string) => [...value].length

export const messageSchema = (maxChars: number) =>
  z.object({
    body: text.pipe(
      z
        .string()
        .min(1, problem('bodyMissing'))
        .refine((body) => characters(body) <= maxChars, problem('bodyLength')),
    ),
  })

/** `maxChars`: the database's limit (conversation_settings), when the page knows it. */
export function checkMessage(input: Partial<MessageInput>, maxChars = Number.POSITIVE_INFINITY) {
  return checkWith(messageSchema(maxChars), messageFields, conversationMessages, input)
}
