// The auth e-mails by kind, so callers pick a template and a language and nothing else.
import { inviteMail } from './invite'
import type { MailLocale, RenderedMail } from './layout'
import { recoveryMail } from './recovery'

export type { MailLocale, RenderedMail } from './layout'
export type AuthMailKind = 'recovery' | 'invite'

export function renderAuthMail(
  kind: AuthMailKind,
  locale: MailLocale,
  params: { email: string; link: string },
): RenderedMail {
  return kind === 'recovery' ? recoveryMail(locale, params) : inviteMail(locale, params)
}
export { securityNoticeMail, type SecurityNoticeKind } from './security-notice'
export { reauthenticationMail } from './reauthentication'
export { emailChangeMail } from './email-change'
