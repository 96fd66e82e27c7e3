// E-mail links (recovery, invite): a random single-use token in the link, only its SHA-256 in
// auth.one_time_tokens, so a copy of the database opens no accounts. Also sends the mail that
// carries the link, in the user's language.
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database'
import { renderAuthMail, type MailLocale } from '../mail/templates'
import type { AuthContext } from './context'
import { authPolicy } from './runtime'

export type LinkType = 'recovery' | 'invite'

const tokenTypes: Record<LinkType, string> = { recovery: 'recovery_token', invite: 'invite_token' }
const lifetimes: Record<LinkType, number> = {
  recovery: authPolicy.recoveryLinkSeconds,
  invite: authPolicy.inviteLinkSeconds,
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex')

/** A fresh link token for the user; any earlier one of the same type stops working. */
export async function createLinkToken(
  q: Queryable,
  link: { userId: string; email: string; type: LinkType; now: Date },
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [
    link.userId,
    tokenTypes[link.type],
  ])
  await q.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at) values ($1, $2, $3, $4, $5)`,
    [link.userId, tokenTypes[link.type], digest(token), link.email, link.now],
  )
  return token
}

interface LinkRow {
  id: string
  user_id: string
  token_type: string
  relates_to: string
  created_at: Date | string
  used_at: Date | string | null
  /** The account's current address: a link stops working when the address changes. */
  email: string | null
}

/**
 * Uses up a link token: the user id when it is valid for `type` (unused, not expired, still for
 * the account's address), else undefined.
 */
export async function consumeLinkToken(
  q: Queryable,
  token: string,
  type: string,
  now: Date,
): Promise<string | undefined> {
  if (!Object.hasOwn(tokenTypes, type)) return undefined
  const { rows } = await q.query<LinkRow>(
    `select t.id, t.user_id, t.token_type, t.relates_to, t.created_at, t.used_at, u.email
       from auth.one_time_tokens t join auth.users u on u.id = t.user_id
      where t.token_hash = $1 for update of t`,
    [digest(token)],
  )
  const row = rows[0]
  if (!row || row.token_type !== tokenTypes[type as LinkType] || row.used_at) return undefined
  const expired = new Date(row.created_at).getTime() + lifetimes[type as LinkType] * 1000 <= now.getTime()
  if (expired || row.relates_to !== (row.email ?? '').toLowerCase()) return undefined
  await q.query('update auth.one_time_tokens set used_at = $2 where id = $1', [row.id, now])
  return row.user_id
}

/** The link the e-mail carries: our own /verify, which then redirects to the site. */
export function linkUrl(ctx: AuthContext, token: string, type: LinkType, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo })
  return `${ctx.deps.siteOrigin}/auth/v1/verify?${query}`
}

export function sendLinkMail(
  ctx: AuthContext,
  mail: { type: LinkType; to: string; locale: MailLocale; link: string },
): Promise<void> {
  const rendered = renderAuthMail(mail.type, mail.locale, { email: mail.to, link: mail.link })
  return ctx.deps.mailer.send({ to: mail.to, ...rendered })
}
