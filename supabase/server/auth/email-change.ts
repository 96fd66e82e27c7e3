// Changing the account's e-mail address, as GoTrue's "secure e-mail change" does it: PUT /user
// { email } records the new address and mails a link to each address; the change applies when
// both links have been followed, so neither a session thief (no access to the current mailbox)
// nor a typo (no access to the new one) can move the account. Tokens are stored hashed.
import { createHash, randomBytes } from 'node:crypto'
import type { Queryable } from '../db/database'
import { emailChangeMail } from '../../functions/_shared/mail/auth-mails.ts'
import type { AuthContext } from './context'
import { authPolicy } from './runtime'
import { findUserByEmail, findUserById, localeOf, pageLocale, type UserRow } from './users'
import { errors } from './errors'

const digest = (token: string) => createHash('sha256').update(token).digest('hex')
const currentType = 'email_change_token_current'
const newType = 'email_change_token_new'

export interface EmailChangeMail {
  to: string
  link: string
}

/** Records the requested address and returns the two e-mails to send (current and new address). */
export async function requestEmailChange(
  ctx: AuthContext,
  q: Queryable,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  now: Date,
): Promise<EmailChangeMail[]> {
  const owner = await findUserByEmail(q, newEmail)
  if (owner && owner.id !== user.id) throw errors.emailExists()
  await q.query('delete from auth.one_time_tokens where user_id = $1 and token_type in ($2, $3)', [
    user.id,
    currentType,
    newType,
  ])
  const mails: EmailChangeMail[] = []
  for (const [type, address] of [
    [currentType, user.email!],
    [newType, newEmail],
  ] as const) {
    const token = randomBytes(32).toString('base64url')
    await q.query(
      `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to, created_at) values ($1, $2, $3, $4, $5)`,
      [user.id, type, digest(token), address, now],
    )
    const query = new URLSearchParams({ token, type: 'email_change', redirect_to: redirectTo })
    mails.push({ to: address, link: `${ctx.deps.siteOrigin}/auth/v1/verify?${query}` })
  }
  await q.query('update auth.users set email_change = $2, email_change_sent_at = $3, updated_at = $3 where id = $1', [
    user.id,
    newEmail,
    now,
  ])
  return mails
}

export function sendEmailChangeMails(
  ctx: AuthContext,
  user: UserRow,
  newEmail: string,
  redirectTo: string,
  mails: EmailChangeMail[],
): Promise<void[]> {
  const locale = localeOf(user.raw_user_meta_data, pageLocale(redirectTo))
  return Promise.all(
    mails.map((mail) =>
      ctx.deps.mailer.send({
        to: mail.to,
        ...emailChangeMail(locale, { to: mail.to, currentEmail: user.email!, newEmail, link: mail.link }),
      }),
    ),
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
