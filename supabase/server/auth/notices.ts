// Security notices to an account's owner (a factor added or removed), in their language. Sent
// after the change is committed and never awaited by the request: a mail server that is slow or
// down must not undo or delay the change, and the failure is logged.
import { securityNoticeMail, type SecurityNoticeKind } from '../../functions/_shared/mail/auth-mails.ts'
import type { AuthContext } from './context'
import { localeOf, type UserRow } from './users'

export function sendSecurityNotice(
  ctx: AuthContext,
  user: Pick<UserRow, 'email' | 'raw_user_meta_data'>,
  kind: SecurityNoticeKind,
  factorName: string | null,
): void {
  if (!user.email) return
  const rendered = securityNoticeMail(kind, localeOf(user.raw_user_meta_data), {
    email: user.email,
    factorName: factorName ?? '',
  })
  ctx.deps.mailer
    .send({ to: user.email, ...rendered })
    .catch((error: unknown) => console.error(`auth: could not send the ${kind} notice`, error))
}
