// The first script of the pages an e-mail link opens (src/features/accounts/link-on-open.ts): run as
// the text the page carries, at each kind of address, it marks <html> only when the page was
// opened without its link, by the same rules the pages apply once the app runs.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authStorageKey } from '@/config/supabase'
import {
  isLinkPage,
  linkProbeScript,
  openedWithoutConfirmLink,
  openedWithoutResetLink,
} from '@/features/accounts/link-on-open'

/** Runs the probe's text at `url` as a page would, and says whether it marked the page. */
function probeMarks(url: string): boolean {
  ;(window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url)
  document.documentElement.removeAttribute('data-link')
  new Function(linkProbeScript())()
  return document.documentElement.getAttribute('data-link') === 'none'
}

afterEach(() => window.localStorage.clear())

describe('the link probe', () => {
  it.each([
    ['/es/reset-password', true],
    ['/reset-password/', true],
    ['/en/reset-password#access_token=a&type=recovery', false],
    ['/en/reset-password#error=access_denied&error_code=otp_expired', false],
    ['/es/reset-password#type=recovery', true],
    ['/en/confirm', true],
    ['/en/confirm?token_hash=abc', true],
    ['/confirm?token_hash=abc&type=bogus', true],
    ['/confirm?token_hash=abc&type=magiclink', false],
    ['/es/confirm?token_hash=abc&type=signup&redirect_to=x', false],
    ['/es/client-portal/login', false],
    ['/es/reset-password-help', false],
  ])('at %s marks the page: %s', (path, marked) => {
    expect(probeMarks(`https://cauce.example${path}`)).toBe(marked)
  })

  it('leaves the reset page unmarked when the browser holds a session (the form is for it)', () => {
    window.localStorage.setItem(authStorageKey, '{}')
    expect(probeMarks('https://cauce.example/es/reset-password')).toBe(false)
    // A session is no link for the confirmation page: it still needs its token.
    expect(probeMarks('https://cauce.example/es/confirm')).toBe(true)
  })

  it('treats storage it may not read as holding no session', () => {
    vi.spyOn(window.localStorage, 'getItem').mockImplementation(() => {
      throw new Error('refused')
    })
    expect(probeMarks('https://cauce.example/en/reset-password')).toBe(true)
  })

  it('agrees with the rules the pages apply', () => {
    expect(openedWithoutResetLink('#access_token=a', false)).toBe(false)
    expect(openedWithoutResetLink('', true)).toBe(false)
    expect(openedWithoutResetLink('', false)).toBe(true)
    expect(openedWithoutConfirmLink('?token_hash=a&type=signup')).toBe(false)
    expect(openedWithoutConfirmLink('?type=signup')).toBe(true)
  })

  it('is carried by the two link pages only', () => {
    expect(['/reset-password', '/es/reset-password', '/en/confirm', '/confirm?x=1'].every(isLinkPage)).toBe(true)
    expect(['/es/admin/login', '/es/client-portal/forgot-password', '/es'].some(isLinkPage)).toBe(false)
  })
})
