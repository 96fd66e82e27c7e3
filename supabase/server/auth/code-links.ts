// Issuing a sign-in link or a sign-up confirmation (each with its six-digit code) for a user, and
// mailing it after the answer has gone out, so the response time does not tell whether a mail
// was sent. Shared by /otp, /signup and /resend.
import type { Queryable } from '../db/database'
import type { AuthContext } from './context'
import { createLinkToken, sendLinkMail, type LinkMail } from './links'
import { authPolicy } from './runtime'
import type { UserRow } from './users'

export type CodeLinkKind = 'magiclink' | 'signup'

export type PendingMail = LinkMail & { type: CodeLinkKind }

/** GoTrue keeps the time of the last sign-in link in recovery_sent_at, of a confirmation in confirmation_sent_at. */
const sentAtColumn: Record<CodeLinkKind, 'recovery_sent_at' | 'confirmation_sent_at'> = {
  magiclink: 'recovery_sent_at',
  signup: 'confirmation_sent_at',
}

/**
 * A fresh link and code for `user`, or undefined when one went out less than a minute ago (GoTrue
 * answers 429 then, which would tell that the account exists; here nothing is sent, silently).
 */
export async function issueCodeLink(
  tx: Queryable,
  user: UserRow,
  kind: CodeLinkKind,
  redirectTo: string,
  now: Date,
): Promise<PendingMail | undefined> {
  if (!user.email) return undefined
  const column = sentAtColumn[kind]
  const lastSent = user[column] ? new Date(user[column]).getTime() : 0
  if (now.getTime() - lastSent < authPolicy.recoveryMailIntervalSeconds * 1000) return undefined
  const { token, code } = await createLinkToken(tx, { userId: user.id, email: user.email, type: kind, now })
  await tx.query(`update auth.users set ${column} = $2 where id = $1`, [user.id, now])
  return { type: kind, user, token, code, redirectTo }
}

export function sendLater(ctx: AuthContext, mail: PendingMail | undefined): void {
  if (!mail) return
  sendLinkMail(ctx, mail).catch((error: unknown) =>
    console.error(`auth: could not send the ${mail.type} e-mail`, error),
  )
}
