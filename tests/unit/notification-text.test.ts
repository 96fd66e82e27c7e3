// Notification e-mails never turn text a client chose into a web link (decision 0019).
import { describe, expect, it } from 'vitest'
import { breakAutoLinks } from '../../supabase/functions/_shared/mail/notification'

const zwsp = '\u200B'

describe('breakAutoLinks', () => {
  it('breaks URLs and bare domains so mail clients do not link them, reading the same', () => {
    const broken = breakAutoLinks('Pague en https://evil.example/pago o www.evil.example')
    expect(broken).not.toMatch(/https:\/\/evil|www\.evil|evil\.example/)
    expect(broken.replaceAll(zwsp, '')).toBe('Pague en https://evil.example/pago o www.evil.example')
  })

  it("keeps a lead's own address in angle brackets whole, and nothing dressed up as one", () => {
    expect(breakAutoLinks('From: Ana <ana@acme.example>.')).toBe('From: Ana <ana@acme.example>.')
    expect(breakAutoLinks('<http://evil.example/@a>')).not.toContain('http://evil')
    // An address with a link's syntax is no address: it is broken like any other text.
    for (const hostile of ['<mallory@evil.example?bcc=spy%40attacker.example>', '<x?bcc=spy&y=z@evil.example>'])
      expect(breakAutoLinks(`From: M ${hostile}`), hostile).toContain(zwsp)
  })

  it('leaves numbers alone', () => {
    expect(breakAutoLinks('12.5 % del total')).toBe('12.5 % del total')
  })

  it('keeps a mention whole and still breaks an address (issue 23, minor 9)', () => {
    expect(breakAutoLinks('«@Marta Gil ¿lo ves?»')).toBe('«@Marta Gil ¿lo ves?»')
    expect(breakAutoLinks('“hola @James” (@ana)')).toBe('“hola @James” (@ana)')
    const address = breakAutoLinks('Escriba a marta@acme.example')
    expect(address).toContain(`marta@${zwsp}acme.${zwsp}example`)
    expect(address.replaceAll(zwsp, '')).toBe('Escriba a marta@acme.example')
  })
})
