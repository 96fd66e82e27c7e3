// The address rule is zod's z.email() (the invitations' rule), and every mailto: link is built by
// mailtoHref(), which keeps whatever a stored address holds inside the recipient.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { siteConfig } from '../../src/config/site'
import { emailAddressPattern, isEmailAddress, mailtoHref } from '../../src/lib/email-address'

const hostile = 'mallory@evil.example?bcc=spy%40attacker.example&subject=hi'

describe('e-mail addresses', () => {
  it("is zod's z.email() pattern, written without its redundant escapes", () => {
    expect(emailAddressPattern.source).toBe(z.regexes.email.source.replaceAll('\\-', '-'))
    expect(emailAddressPattern.flags).toBe(z.regexes.email.flags)
  })

  it('takes plausible addresses and nothing a link or a header reads specially', () => {
    for (const good of ['ana@example.org', "o'brien+leads@mail.example.co", 'A.B-C_D@sub-1.example.travel'])
      expect(isEmailAddress(good), good).toBe(true)
    for (const bad of [
      hostile,
      'mallory@evil.example&bcc=spy',
      'mallory@evil.example#frag',
      'mallory%40evil.example@attacker.example',
      'Mallory <mallory@evil.example>',
      'mallory@evil.example,spy@attacker.example',
      'mallory@evil.example\r\nBcc: spy@attacker.example',
      'ana perez@example.org',
      '"ana"@example.org',
      'ana@example',
      '.ana@example.org',
      'ana..perez@example.org',
      'josé@example.org',
    ])
      expect(isEmailAddress(bad), bad).toBe(false)
  })
})

describe('mailtoHref', () => {
  it('keeps a hostile stored address inside the recipient: no Bcc, no subject', () => {
    const href = mailtoHref(hostile)
    expect(href).toBe('mailto:mallory@evil.example%3Fbcc%3Dspy%2540attacker.example%26subject%3Dhi')
    const url = new URL(href)
    expect(url.search).toBe('')
    expect(decodeURIComponent(url.pathname)).toBe(hostile)
    expect(href).not.toMatch(/[?&]bcc=/i)
  })

  it('keeps only the last @ literal, and encodes line breaks and brackets', () => {
    expect(mailtoHref('a@b@example.org')).toBe('mailto:a%40b@example.org')
    expect(mailtoHref('x@example.org>\r\nBcc: y@example.org')).toBe(
      'mailto:x%40example.org%3E%0D%0ABcc%3A%20y@example.org',
    )
  })

  it('adds the fields it is given, each encoded, "+" and "&" included', () => {
    const href = mailtoHref('tom+x@example.net', { subject: 'Hi & bye', body: 'a+b\n> c' })
    expect(href).toBe('mailto:tom%2Bx@example.net?subject=Hi%20%26%20bye&body=a%2Bb%0A%3E%20c')
    const url = new URL(href)
    expect([...url.searchParams.keys()]).toEqual(['subject', 'body'])
    expect(decodeURIComponent(url.pathname)).toBe('tom+x@example.net')
    expect(mailtoHref(siteConfig.email)).toBe(`mailto:${siteConfig.email}`)
    expect(mailtoHref(siteConfig.email, { subject: 'Consulta sobre un proyecto' })).toBe(
      `mailto:${siteConfig.email}?subject=Consulta%20sobre%20un%20proyecto`,
    )
  })
})
