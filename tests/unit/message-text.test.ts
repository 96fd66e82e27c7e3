// Messages are plain text: links, line breaks and mentions become pieces; markup stays text.
import { describe, expect, it } from 'vitest'
import { messagePieces } from '@/features/conversation/message-text'

describe('messagePieces', () => {
  it('keeps line breaks and plain text, markup included, as text', () => {
    expect(messagePieces('<b>Hola</b>\n<script>alert(1)</script>')).toEqual([
      { kind: 'text', text: '<b>Hola</b>' },
      { kind: 'break' },
      { kind: 'text', text: '<script>alert(1)</script>' },
    ])
  })

  it('turns http and https addresses into links, without the sentence punctuation that follows', () => {
    expect(messagePieces('See https://caucedata.com/a?b=1. Or (http://x.org)!')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', href: 'https://caucedata.com/a?b=1', text: 'https://caucedata.com/a?b=1' },
      { kind: 'text', text: '. Or (' },
      { kind: 'link', href: 'http://x.org', text: 'http://x.org' },
      { kind: 'text', text: ')!' },
    ])
  })

  it('never links other schemes', () => {
    expect(messagePieces('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ])
  })

  it('marks mentions of the named people only, the longest name first', () => {
    expect(messagePieces('@Ana Ruiz Gil and @Ana, not @Pedro', ['Ana', 'Ana Ruiz Gil'])).toEqual([
      { kind: 'mention', text: '@Ana Ruiz Gil' },
      { kind: 'text', text: ' and ' },
      { kind: 'mention', text: '@Ana' },
      { kind: 'text', text: ', not @Pedro' },
    ])
  })
})
