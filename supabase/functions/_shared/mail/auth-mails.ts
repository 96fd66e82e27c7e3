// The auth e-mails by kind, so callers pick a template and a language and nothing else.
import { inviteMail } from './invite.ts'
import type { MailLocale, RenderedMail } from './layout.ts'
import { recoveryMail } from './recovery.ts'
import { signInLinkMail, signupConfirmationMail, type CodeLinkMailParams } from './sign-in-link.ts'

export type { MailLocale, RenderedMail } from './layout.ts'
export type AuthMailKind = 'recovery' | 'invite' | 'magiclink' | 'signup'

/** What an auth e-mail may say: the link mails' fields, and the person's and inviter's names. */
export type AuthMailParams = CodeLinkMailParams & { name?: string; inviter?: string }

const renderers: Record<AuthMailKind, (locale: MailLocale, params: AuthMailParams) => RenderedMail> = {
  recovery: recoveryMail,
  invite: inviteMail,
  magiclink: signInLinkMail,
  signup: signupConfirmationMail,
}

export function renderAuthMail(kind: AuthMailKind, locale: MailLocale, params: AuthMailParams): RenderedMail {
  return renderers[kind](locale, params)
}
export { securityNoticeMail, type SecurityNoticeKind } from './security-notice.ts'
export { reauthenticationMail } from './reauthentication.ts'
export { emailChangeMail } from './email-change.ts'
