// POST /recover: always `{}`, so the answer never tells whether an address has an account. For a
// real account it stores a one-hour link token and mails the link in the user's language.
import type { Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { errors } from './errors'
import { allowedRedirect, readBody, requiredEmail } from './http'
import { createLinkToken, sendLinkMail } from './links'
import { authPolicy } from './runtime'
import { findUserByEmail, findUserById } from './users'

export function recover(ctx: AuthContext): Handler {
  return async (c) => {
    const body = await readBody(c)
    const email = requiredEmail(body, () => errors.unprocessable('Password recovery requires an email'))
    const redirectTo = allowedRedirect(ctx.deps.siteOrigin, c.req.query('redirect_to'))
    const now = nowOf(ctx)

    // Answered before the address is looked up, so an account and no account take as long.
    // On the next turn of the event loop, once this answer has gone (the embedded database runs
    // on this thread).
    setTimeout(() => {
      sendRecovery(ctx, email, redirectTo, now).catch((error: unknown) =>
        console.error('auth: could not send the recovery e-mail', error),
      )
    }, 0)
    return c.json({})
  }
}

async function sendRecovery(ctx: AuthContext, email: string, redirectTo: string, now: Date): Promise<void> {
  const mail = await ctx.deps.db.transaction(async (tx) => {
    const found = await findUserByEmail(tx, email)
    // Locked, so two requests at once cannot both pass the interval check.
    const user = found && (await findUserById(tx, found.id, true))
    if (!user?.email) return undefined
    // A second request within the interval sends nothing (GoTrue would answer 429, which
    // would reveal that the account exists).
    const lastSent = user.recovery_sent_at ? new Date(user.recovery_sent_at).getTime() : 0
    if (now.getTime() - lastSent < authPolicy.recoveryMailIntervalSeconds * 1000) return undefined
    const { token } = await createLinkToken(tx, { userId: user.id, email: user.email, type: 'recovery', now })
    await tx.query('update auth.users set recovery_sent_at = $2 where id = $1', [user.id, now])
    return { user, token, redirectTo }
  })
  if (mail) await sendLinkMail(ctx, { type: 'recovery', ...mail })
}
