// Where a contact message sent without JavaScript is stored: by the full server in its own
// database, by the web tier through the Supabase project's REST API. Either way as the anonymous
// caller supabase-js would be in the browser, so the same row-level security, constraints and
// per-address rate limit decide.
import type { Context } from 'hono'
import type { Database } from '../db/database'
import { isPgError } from '../db/database'
import { databaseHeaders, withRequestContext } from '../db/request-context'
import { clientIp } from '../lib/client-ip'
import type { ContactRefusal, ContactRow, SubmitContact } from './contact-post'

const insertSql = `insert into public.contact_messages
  (name, email, company, phone, interest, message, privacy_accepted, marketing_opt_in, locale)
  values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`

export function submitToDatabase(db: Database): SubmitContact {
  return async (row, c) => {
    const context = {
      role: 'anon' as const,
      claims: { role: 'anon' },
      method: 'POST',
      path: '/rest/v1/contact_messages',
      headers: databaseHeaders(c.req.raw.headers, clientIp(c)),
    }
    try {
      await withRequestContext(db, context, (tx) =>
        tx.query(insertSql, [
          row.name,
          row.email,
          row.company,
          row.phone,
          row.interest,
          row.message,
          row.privacy_accepted,
          row.marketing_opt_in,
          row.locale,
        ]),
      )
      return undefined
    } catch (error) {
      if (!isPgError(error)) throw error
      return { code: error.code, message: error.message, status: 400 }
    }
  }
}

export interface RestTarget {
  /** The project's URL (https://<ref>.supabase.co, or our full server's origin). */
  apiUrl: string
  anonKey: string
  /** How long the project may take to answer (ms) before the visitor is told to try again. */
  timeoutMs: number
}

/**
 * The insert supabase-js makes from the contact page, made by the web tier for a visitor without
 * JavaScript. The visitor's address goes along as X-Forwarded-For, for the per-address limit
 * where the project believes it (behind Supabase's gateway, the limit counts what it reports).
 */
export function submitToRest({ apiUrl, anonKey, timeoutMs }: RestTarget): SubmitContact {
  const endpoint = `${apiUrl.replace(/\/$/, '')}/rest/v1/contact_messages`
  return async (row: ContactRow, c: Context): Promise<ContactRefusal | undefined> => {
    let response: Response
    try {
      response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          apikey: anonKey,
          Authorization: `Bearer ${anonKey}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
          'X-Forwarded-For': clientIp(c),
        },
        body: JSON.stringify(row),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch {
      // Unreachable or too slow: the visitor is told it failed, with the input kept.
      return { code: 'unavailable', message: 'The project did not answer', status: 503 }
    }
    if (response.ok) return undefined
    const body = (await response.json().catch(() => ({}))) as { code?: unknown; message?: unknown }
    return {
      code: typeof body.code === 'string' ? body.code : String(response.status),
      message: typeof body.message === 'string' ? body.message : '',
      status: response.status,
    }
  }
}
