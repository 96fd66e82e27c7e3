// The admin users API (service role only): list with GoTrue's pagination headers, read, delete
// (hard or soft), and a user's MFA factors (so staff can reset a client's second factor).
import type { Context, Handler } from 'hono'
import { nowOf, type AuthContext } from './context'
import { errors } from './errors'
import { booleanField, readBody, textQuery } from './http'
import { isUuid } from '../../functions/_shared/uuid.ts'
import { deleteFactor, factorJson, factorsOf } from './mfa-data'
import { findUserById, type UserRow } from './users'
import { userJson } from './user-json'
import { isPgError } from '../db/database'

export async function userFromPath(ctx: AuthContext, c: Context): Promise<UserRow> {
  const id = c.req.param('id')
  if (!isUuid(id)) throw errors.userIdNotUuid()
  const user = await findUserById(ctx.deps.db, id)
  if (!user) throw errors.userNotFound()
  return user
}

function pageParam(raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === '') return fallback
  const value = Number(raw)
  if (!Number.isInteger(value) || value < 1) throw errors.validation('Bad Pagination Parameters')
  return Math.min(value, max)
}

export function listUsers(ctx: AuthContext): Handler {
  return async (c) => {
    const page = pageParam(c.req.query('page'), 1, 1_000_000)
    const perPage = pageParam(c.req.query('per_page'), 50, 1000)
    const filter = textQuery(c.req.query('filter'))?.trim() ?? ''
    const where = "where ($1 = '' or strpos(lower(coalesce(email, '')), lower($1)) > 0)"
    const db = ctx.deps.db
    const total = Number(
      (await db.query<{ n: string | number }>(`select count(*) as n from auth.users ${where}`, [filter])).rows[0]?.n ??
        0,
    )
    const { rows } = await db.query<UserRow>(
      `select * from auth.users ${where} order by created_at desc, id limit $2 offset $3`,
      [filter, perPage, (page - 1) * perPage],
    )
    const users = []
    for (const row of rows) users.push(await userJson(db, row))

    // auth-js reads the page number as the first character after the first "=", so page comes first.
    const lastPage = Math.max(1, Math.ceil(total / perPage))
    const link = (n: number) => `</auth/v1/admin/users?page=${n}&per_page=${perPage}>`
    const links = [...(page < lastPage ? [`${link(page + 1)}; rel="next"`] : []), `${link(lastPage)}; rel="last"`]
    c.header('X-Total-Count', String(total))
    c.header('Link', links.join(', '))
    return c.json({ users, aud: 'authenticated' })
  }
}

export function getUserById(ctx: AuthContext): Handler {
  return async (c) => c.json(await userJson(ctx.deps.db, await userFromPath(ctx, c)))
}

export function deleteUser(ctx: AuthContext): Handler {
  return async (c) => {
    const user = await userFromPath(ctx, c)
    const soft = booleanField(await readBody(c), 'should_soft_delete') ?? false
    const now = nowOf(ctx)
    try {
      await ctx.deps.db.transaction(async (tx) => {
        if (!soft) return void (await tx.query('delete from auth.users where id = $1', [user.id]))
        // Soft delete keeps the row (and what references it) but frees the address and ends all access.
        await tx.query(
          `update auth.users set deleted_at = $2, updated_at = $2, email = null, encrypted_password = null,
                  banned_until = null where id = $1`,
          [user.id, now],
        )
        for (const table of ['sessions', 'mfa_factors', 'identities', 'one_time_tokens'])
          await tx.query(`delete from auth.${table} where user_id = $1`, [user.id])
      })
    } catch (error) {
      if (isPgError(error) && error.code === '23503')
        throw errors.conflict('The user is still referenced by other records; soft-delete or ban them instead')
      throw error
    }
    return c.json({})
  }
}

export function listUserFactors(ctx: AuthContext): Handler {
  return async (c) => {
    const user = await userFromPath(ctx, c)
    return c.json((await factorsOf(ctx.deps.db, user.id)).map(factorJson))
  }
}

export function deleteUserFactor(ctx: AuthContext): Handler {
  return async (c) => {
    const user = await userFromPath(ctx, c)
    const factor = (await factorsOf(ctx.deps.db, user.id)).find((f) => f.id === c.req.param('factorId'))
    if (!factor) throw errors.factorNotFound()
    await ctx.deps.db.transaction((tx) => deleteFactor(tx, factor))
    // As Supabase Auth: no notice here. Staff removing a lost factor tell its owner through
    // record_mfa_reset, which queues the notice for the e-mail outbox.
    return c.json(factorJson(factor))
  }
}
