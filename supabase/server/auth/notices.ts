// Security notices to an account's owner (a factor added or removed, the password changed), in
// their language, through the Send Email hook as Supabase Auth sends its
// security notifications. Sent after the change is committed and never awaited by the request: a
// mail server that is slow or down must not undo or delay the change, and the failure is logged.
import type { SecurityNoticeKind } from '../../functions/_shared/mail/auth-mails.ts'
import type { AuthContext } from './context'
import { sendAuthEmail } from './email-hook'
import type { UserRow } from './users'

/**
 * The notices sent through the Send Email hook. The lock's are queued in SQL by the verification
 * hooks, and the staff reset's by record_mfa_reset.
 */
export type HookNoticeKind = Exclude<SecurityNoticeKind, 'failed_sign_ins' | 'failed_codes' | 'factors_reset_by_staff'>

/** Supabase's notification types. */
const actionTypes: Record<HookNoticeKind, string> = {
  password_changed: 'password_changed_notification',
  factor_added: 'mfa_factor_enrolled_notification',
  factor_removed: 'mfa_factor_unenrolled_notification',
}

export function sendSecurityNotice(
  ctx: AuthContext,
  user: UserRow,
  kind: HookNoticeKind,
  factorName: string | null,
  factorType: 'totp' | 'webauthn' = 'totp',
): void {
  if (!user.email) return
  const factor = kind.startsWith('factor') ? { factor_type: factorType, factor_name: factorName } : {}
  sendAuthEmail(ctx, user, { email_action_type: actionTypes[kind], ...factor }).catch((error: unknown) =>
    console.error(`auth: could not send the ${kind} notice`, error),
  )
}
