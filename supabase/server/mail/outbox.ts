// The e-mail outbox's two database calls (migration 20261129150000, decision 0019): claim what is
// due with a lease, then report which claims were sent and which failed. JSON in and out, the
// arguments named as supabase-js rpc() names them, so our mailer and a scheduled Edge Function
// run the same SQL; nothing here keeps state between calls.
import type { Queryable } from '../db/database'

export interface ClaimedNotification {
  id: string
  kind: string
  title: string
  body: string
  project_id: string | null
  project_name: string | null
  entity_type: string | null
  entity_id: string | null
  created_at: string
  /** Whether it quotes a person's words rather than only the firm's titles (absent: it does not). */
  quotes_person?: boolean
}

interface ClaimedBase {
  /** The claim's token: report it to completeMails. */
  claim: string
  claimed_until: string
  to: string
  locale: string
}

export interface ClaimedNotificationMail extends ClaimedBase {
  /** notification: one sent at once; digest: the person's waiting ones, newest first. */
  type: 'notification' | 'digest'
  name: string
  role: string
  notifications: ClaimedNotification[]
  /** Notifications of the digest left out of the list (too many for one e-mail). */
  more: number
}

export interface ClaimedAcknowledgement extends ClaimedBase {
  type: 'contact_acknowledgement'
}

export type ClaimedMail = ClaimedNotificationMail | ClaimedAcknowledgement

export interface Claim {
  leaseSeconds: number
  mails: ClaimedMail[]
}

/** Omitted settings take the SQL function's defaults. */
export interface ClaimSettings {
  leaseSeconds?: number
  batchSize?: number
  digestMinutes?: number
  digestMaxItems?: number
  maxAttempts?: number
}

export interface CompletionReport {
  sent: number
  failed: number
  /** Tokens whose work a later claim had taken over (their lease had passed): not recorded. */
  stale: string[]
}

const claimArguments = [
  ['lease_seconds', 'leaseSeconds'],
  ['batch_size', 'batchSize'],
  ['digest_minutes', 'digestMinutes'],
  ['digest_max_items', 'digestMaxItems'],
  ['max_attempts', 'maxAttempts'],
] as const

/** Claims the e-mails due now (public.email_outbox_claim). */
export async function claimMails(db: Queryable, settings: ClaimSettings): Promise<Claim> {
  const given = claimArguments.filter(([, key]) => settings[key] !== undefined)
  const named = given.map(([name], index) => `${name} => $${index + 1}::integer`).join(', ')
  const { rows } = await db.query<{ claim: { lease_seconds: number; mails: ClaimedMail[] } }>(
    `select public.email_outbox_claim(${named}) as claim`,
    given.map(([, key]) => settings[key]),
  )
  const claim = rows[0]!.claim
  return { leaseSeconds: claim.lease_seconds, mails: claim.mails }
}

const uuidArray = (values: string[]) => `{${values.join(',')}}`

/** Reports claims sent and claims failed (public.email_outbox_complete). */
export async function completeMails(
  db: Queryable,
  report: { sent: string[]; failed: string[]; retrySeconds?: number },
): Promise<CompletionReport> {
  const { rows } = await db.query<{ report: CompletionReport }>(
    `select public.email_outbox_complete(sent => $1::uuid[], failed => $2::uuid[]${
      report.retrySeconds === undefined ? '' : ', retry_seconds => $3::integer'
    }) as report`,
    [
      uuidArray(report.sent),
      uuidArray(report.failed),
      ...(report.retrySeconds === undefined ? [] : [report.retrySeconds]),
    ],
  )
  return rows[0]!.report
}
