// What a refused conversation message tells the person: the database's bound on a client's
// messages (PT429, per request or per minute) reads as "many messages in a short time", in both
// languages; the guard's other refusals keep their own sentences.
import { beforeAll, describe, expect, it } from 'vitest'
import { i18n } from '@lingui/core'
import { readFileSync } from 'node:fs'
import { activateLocale, provideCatalogs } from '../../src/lib/i18n'
import { ConversationError, conversationFailure } from '../../src/features/conversation/writes'
import { conversationFailureText } from '../../src/features/conversation/failure-messages'

describe('conversationFailure', () => {
  it('maps both client message bounds (PT429) to too-many, whatever the wording', () => {
    expect(conversationFailure({ code: 'PT429', message: 'Too many messages in one request: at most 5' })).toBe(
      'too-many',
    )
    expect(
      conversationFailure({ code: 'PT429', message: 'Too many messages in a short time: at most 20 per minute' }),
    ).toBe('too-many')
  })

  it('tells the guard’s refusals apart and leaves the rest unknown', () => {
    expect(conversationFailure({ code: '23514', message: 'A message has at most 4000 characters' })).toBe('too-long')
    expect(conversationFailure({ code: '23514', message: 'Only people on the project can be mentioned' })).toBe(
      'mentions',
    )
    expect(conversationFailure({ code: '23514', message: 'A message has at most 5 attachments' })).toBe('attachments')
    expect(conversationFailure({ code: '23514', message: 'A deleted message cannot be changed' })).toBe('deleted')
    expect(
      conversationFailure({ code: '23514', message: 'A message can be edited for 15 minutes after it was written' }),
    ).toBe('edit-window')
    expect(conversationFailure({ code: '42501', message: 'new row violates row-level security policy' })).toBe(
      'unknown',
    )
    // A 429 of another kind of limit is not read from the message text.
    expect(conversationFailure({ message: 'Too many messages' })).toBe('unknown')
  })
})

describe('conversationFailureText', () => {
  beforeAll(() => {
    // the compiled catalogs (npm run gen), as the prerenderer provides them
    const read = (lng: string) => JSON.parse(readFileSync(`locales/${lng}/messages.json`, 'utf8')).messages
    provideCatalogs({ es: read('es'), en: read('en') })
  })

  it('words the message bound in English and Spanish', async () => {
    const error = new ConversationError('too-many')
    await activateLocale('en')
    expect(conversationFailureText(i18n, error)).toBe(
      'You have sent many messages in a short time. Please wait a minute and try again.',
    )
    await activateLocale('es')
    expect(conversationFailureText(i18n, error)).toBe(
      'Ha enviado muchos mensajes en poco tiempo. Espere un minuto y vuelva a intentarlo.',
    )
  })

  it('says “could not be saved” for anything else thrown', async () => {
    await activateLocale('en')
    expect(conversationFailureText(i18n, new Error('network'))).toBe(
      'The message could not be saved. Please try again.',
    )
  })
})
