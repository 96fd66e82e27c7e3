// E-mail links and codes (recovery, invite, sign-in link, sign-up confirmation): a random
// single-use token in the link and, beside it, a six-digit code for typing; only their SHA-256 is
// in auth.one_time_tokens, so a copy of the database opens no accounts. Using either uses both.
// As in GoTrue, a sign-in link shares the recovery kind (a new one replaces the other) and a
// sign-up confirmation is the confirmation kind.
import { createHash, randomBytes, randomInt } from 'node:crypto'
import type { Queryable } from '../db/database'
import type { AuthMailKind } from '../../functions/_shared/mail/auth-mails.ts'
import type { AuthContext } from './context'
import { sendAuthEmail } from './email-hook'
import type { UserRow } from './users'
import { authPolicy } from './runtime'

export type LinkType = 'recovery' | 'invite' | 'magiclink' | 'signup'

const tokenTypes: Record<LinkType, string> = {
  recovery: 'recovery_token',
  magiclink: 'recovery_token',
  invite: 'invite_token',
  signup: 'confirmation_token',
}

/** The stored kinds each `verify` type accepts; `email` is the code of a sign-in or a sign-up mail. */
const acceptedKinds: Record<string, readonly string[]> = {
  recovery: ['recovery_token'],
  magiclink: ['recovery_token'],
  invite: ['invite_token'],
  signup: ['confirmation_token'],
  email: ['confirmation_token', 'recovery_token'],
}

/** How long a link of this verify type works, in seconds. */
function lifetime(ctx: AuthContext, type: string): number {
  if (type === 'invite') return authPolicy.inviteLinkSeconds
  if (type === 'recovery') return authPolicy.recoveryLinkSeconds
  return ctx.deps.env.AUTH_EMAIL_LINK_MINUTES * 60
}

const digest = (token: string) => createHash('sha256').update(token).digest('hex')
/** A code is only unique per user, so its hash is bound to the user. */
const codeDigest = (userId: string, code: string) => digest(`code:${userId}:${code}`)

/** A fresh link token and code for the user; any earlier ones of the same kind stop working. */
export async function createLinkToken(
  q: Queryable,
  link: { userId: string; email: string; type: LinkType; now: Date },
): Promise<{ token: string; code: string }> {
  const token = randomBytes(32).toString('base64url')
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0')
  const kind = tokenTypes[link.type]
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type = $2', [link.userId, kind])
  await q.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at)
     values ($1, $2, $3, $5, $6), ($1, $2, $4, $5, $6)`,
    [link.userId, kind, digest(token), codeDigest(link.userId, code), link.email, link.now],
  )
  return { token, code }
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

async function consume(
  ctx: AuthContext,
  q: Queryable,
  row: LinkRow | undefined,
  type: string,
  now: Date,
): Promise<string | undefined> {
  if (!row || !acceptedKinds[type]?.includes(row.token_type) || row.used_at) return undefined
  const expired = new Date(row.created_at).getTime() + lifetime(ctx, type) * 1000 <= now.getTime()
  if (expired || row.relates_to !== (row.email ?? '').toLowerCase()) return undefined
  // The link and its code together: whichever is used first, the other is used up too.
  await q.query(
    'update auth.one_time_tokens set used_at = $3 where user_id = $1 and token_type = $2 and used_at is null',
    [row.user_id, row.token_type, now],
  )
  return row.user_id
}

const rowQuery = `select t.id, t.user_id, t.token_type, t.relates_to, t.created_at, t.used_at, u.email
                    from auth.one_time_tokens t join auth.users u on u.id = t.user_id`

/**
 * Uses up a link token: the user id when it is valid for `type` (unused, not expired, still for
 * the account's address), else undefined.
 */
export async function consumeLinkToken(
  ctx: AuthContext,
  q: Queryable,
  token: string,
  type: string,
  now: Date,
): Promise<string | undefined> {
  const { rows } = await q.query<LinkRow>(`${rowQuery} where t.token_hash = $1 for update of t`, [digest(token)])
  return consume(ctx, q, rows[0], type, now)
}

/** Uses up the six-digit code mailed to `userId`, on the same terms as its link. */
export async function consumeEmailCode(
  ctx: AuthContext,
  q: Queryable,
  userId: string,
  code: string,
  type: string,
  now: Date,
): Promise<string | undefined> {
  if (!/^\d{6}$/.test(code)) return undefined
  const { rows } = await q.query<LinkRow>(`${rowQuery} where t.token_hash = $1 and t.user_id = $2 for update of t`, [
    codeDigest(userId, code),
    userId,
  ])
  return consume(ctx, q, rows[0], type, now)
}

/** GoTrue's link: our own /verify, which uses the token at once and redirects to the site. */
export function linkUrl(ctx: AuthContext, token: string, type: LinkType, redirectTo: string): string {
  const query = new URLSearchParams({ token, type, redirect_to: redirectTo })
  return `${ctx.deps.apiOrigin}/auth/v1/verify?${query}`
}

/** What a link e-mail needs: the account, the token for its link and the code beside it. */
export interface LinkMail {
  type: AuthMailKind
  user: UserRow
  token: string
  code?: string
  redirectTo: string
}

/**
 * Mails the link through the Send Email hook (email-hook.ts): the function builds the link, our
 * /verify for a recovery or an invitation and the site's confirmation page for a sign-in or
 * sign-up (which uses the token only when the person clicks: a mail scanner that opens every link
 * must not use it up), and writes the e-mail in the person's language.
 */
export function sendLinkMail(ctx: AuthContext, mail: LinkMail): Promise<void> {
  return sendAuthEmail(ctx, mail.user, {
    email_action_type: mail.type,
    token: mail.code ?? '',
    token_hash: mail.token,
    redirect_to: mail.redirectTo,
  })
}
