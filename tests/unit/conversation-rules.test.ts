// A conversation message's rules, as the composer and the edit form check them: text there, and,
// trimmed, within the database's limit counted in characters (code points) as PostgreSQL counts them.
import { describe, expect, it } from 'vitest'
import { checkMessage, conversationMessages } from '../../src/features/conversation/rules'
import { conversationFailureMessages } from '../../src/features/conversation/failure-messages'

describe('a conversation message', () => {
  it('allows text up to the limit, counted after trimming and in characters', () => {
    for (const body of ['Hola', ' @Lucía O. ', 'a'.repeat(10), `  ${'a'.repeat(10)}\n`, '😀'.repeat(10)])
      expect(checkMessage({ body }, 10).problems, body).toEqual([])
    expect(checkMessage({ body: 'a'.repeat(100_000) }).problems).toEqual([])
  })

  it('refuses a message with no text', () => {
    for (const body of ['', '   ', '\n\t '])
      expect(checkMessage({ body }, 10).problems).toEqual([
        { field: 'body', rule: 'bodyMissing', message: conversationMessages.bodyMissing },
      ])
  })

  it('refuses a message over the limit, in the words the database’s refusal is said in', () => {
    expect(checkMessage({ body: 'a'.repeat(11) }, 10).problems).toEqual([
      { field: 'body', rule: 'bodyLength', message: conversationMessages.bodyLength },
    ])
    expect(conversationFailureMessages['too-long']).toBe(conversationMessages.bodyLength)
  })
})
