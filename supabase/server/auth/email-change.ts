// Changing the account's e-mail address, as GoTrue's "secure e-mail change" does it: PUT /user
// { email } records the new address and mails a link to each address; the change applies when
// both links have been followed, so neither a session thief (no access to the current mailbox)
// nor a typo (no access to the new one) can move the account. Tokens are stored hashed.
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database'
import type { AuthContext } from './context'
import { sendAuthEmail } from './email-hook'
import { authPolicy } from './runtime'
import { findUserByEmail, findUserById, type UserRow } from './users'
import { errors } from './errors'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')
const currentType = 'email_change_token_current'
const newType = 'email_change_token_new'

/** The two tokens of a change: one for a link to the current address, one for the new address. */
export interface EmailChangeMail {
  current: string
  new: string
}

/** Records the requested address and returns the two e-mails to send (current and new address). */
export async function requestEmailChange(
  q: Queryable,
  user: UserRow,
  newEmail: string,
  now: Date,
): Promise<EmailChangeMail> {
  const owner = await findUserByEmail(q, newEmail)
  if (owner && owner.id !== user.id) throw errors.emailExists()
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type in ($2, $3)', [
    user.id,
    currentType,
    newType,
  ])
  const tokens: Record<string, string> = {}
  for (const [type, address] of [
    [currentType, user.email!],
    [newType, newEmail],
  ] as const) {
    const token = randomBytes(32).toString('base64url')
    await q.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at) values ($1, $2, $3, $4, $5)`,
      [user.id, type, digest(token), address, now],
    )
    tokens[type] = token
  }
  await q.query('update auth.users set email_change = $2, email_change_sent_at = $3, updated_at = $3 where id = $1', [
    user.id,
    newEmail,
    now,
  ])
  return { current: tokens[currentType]!, new: tokens[newType]! }
}

/**
 * Both e-mails through the Send Email hook, in Auth's crossed names: token_hash_new is the link to
 * the current address, token_hash the one to the new address (user.new_email).
 */
export function sendEmailChangeMails(
  ctx: AuthContext,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  tokens: EmailChangeMail,
): Promise<void> {
  return sendAuthEmail(
    ctx,
    { ...user, email_change: newEmail },
    {
      email_action_type: 'email_change',
      token_hash_new: tokens.current,
      token_hash: tokens.new,
      redirect_to: redirectTo,
    },
  )
}

export type EmailChangeOutcome = { state: 'invalid' } | { state: 'pending' } | { state: 'done'; userId: string }

/** Uses one of the two links: the change applies when the other one was used already. */
export async function confirmEmailChange(q: Queryable, token: string, now: Date): Promise<EmailChangeOutcome> {
  const { rows } = await q.query<{
    id: string
    user_id: string
    token_type: string
    created_at: Date | string
    used_at: Date | null
  }>(
    `select id, user_id, token_type, created_at, used_at from auth.one_time_tokens
      where token_hash = $1 and token_type in ($2, $3) for update`,
    [digest(token), currentType, newType],
  )
  const row = rows[0]
  if (!row || row.used_at) return { state: 'invalid' }
  if (new Date(row.created_at).getTime() + authPolicy.emailChangeLinkSeconds * 1000 <= now.getTime())
    return { state: 'invalid' }
  const user = await findUserById(q, row.user_id, true)
  if (!user?.email_change || user.deleted_at) return { state: 'invalid' }
  await q.query('update auth.one_time_tokens set used_at = $2 where id = $1', [row.id, now])
  const { rows: open } = await q.query(
    'select 1 from auth.one_time_tokens where user_id = $1 and token_type in ($2, $3) and used_at is null',
    [user.id, currentType, newType],
  )
  if (open.length > 0) return { state: 'pending' }

  // Both confirmed. The address may have been taken meanwhile: then the change cannot apply.
  const owner = await findUserByEmail(q, user.email_change)
  if (owner && owner.id !== user.id) return { state: 'invalid' }
  await q.query(
    `update auth.users set email = email_change, email_change = null, email_change_sent_at = null,
            email_confirmed_at = coalesce(email_confirmed_at, $2), updated_at = $2 where id = $1`,
    [user.id, now],
  )
  await q.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true),
            updated_at = $3 where user_id = $1 and provider = 'email'`,
    [user.id, user.email_change, now],
  )
  // Links mailed to the old address (recovery and others) must not open the account any more.
  await q.query('delete from auth.one_time_tokens where user_id = $1', [user.id])
  return { state: 'done', userId: user.id }
}
