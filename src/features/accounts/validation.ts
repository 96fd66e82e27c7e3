// Field rules shared by the auth forms, as react-hook-form rules with translated messages.
import type { RegisterOptions } from 'react-hook-form'
import type { I18n } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** The server's own limits (supabase/server/auth/runtime.ts). */
export const passwordPolicy = { minLength: 8, maxBytes: 72 } as const

// Deliberately loose: the server decides; this only catches typing slips.
const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export function emailRules(i18n: I18n): RegisterOptions<{ email: string }, 'email'> {
  return {
    required: i18n._(msg`Enter your e-mail address.`),
    maxLength: { value: 254, message: i18n._(msg`An e-mail address has at most 254 characters.`) },
    pattern: { value: emailPattern, message: i18n._(msg`Enter an e-mail address like name@company.com.`) },
  }
}

/** A 6-digit code (an authenticator's or an e-mail's); spaces around it and between its halves are forgiven. */
export function codeRules(i18n: I18n): RegisterOptions<{ code: string }, 'code'> {
  return {
    required: i18n._(msg`Enter the 6-digit code.`),
    pattern: { value: /^\s*\d{3}\s?\d{3}\s*$/, message: i18n._(msg`The code has 6 digits.`) },
  }
}

/** The longest name a person may give a second factor (a passkey, an authenticator app). */
const factorNameMax = 60

/**
 * A second factor's name: there, and at most 60 characters once trimmed. The messages, already
 * translated, name what it is ("the passkey", "the device").
 */
export function factorNameRules(messages: {
  missing: string
  tooLong: string
}): RegisterOptions<{ name: string }, 'name'> {
  return {
    validate: (value) => {
      if (!value.trim()) return messages.missing
      if (value.trim().length > factorNameMax) return messages.tooLong
      return true
    },
  }
}

export interface PasswordCheck {
  id: 'length' | 'maxLength' | 'match'
  met: boolean
}

/** The rules the new-password form shows as the user types. */
export function passwordChecks(password: string, confirmation: string): PasswordCheck[] {
  return [
    { id: 'length', met: [...password].length >= passwordPolicy.minLength },
    { id: 'maxLength', met: new TextEncoder().encode(password).length <= passwordPolicy.maxBytes },
    { id: 'match', met: password.length > 0 && password === confirmation },
  ]
}
