// The e-mail outbox's two database calls (migration 20261129150000, decision 0019): claim what is
// due with a lease, then report which claims were sent and which failed. JSON in and out through
// supabase-js rpc(); every claim rule is in the SQL, nothing here keeps state between calls.
import type { TypedClient } from '../_shared/runtime.ts'

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

/**
 * A security notice to an account's owner: the account was locked (migration 20261202110000), or
 * staff removed a lost second factor (20261207300000; `factor_name` names it).
 */
export interface ClaimedSecurityNotice extends ClaimedBase {
  type: 'security_notice'
  kind: 'failed_sign_ins' | 'failed_codes' | 'factors_reset_by_staff'
  factor_name?: string | null
}

export type ClaimedMail = ClaimedNotificationMail | ClaimedAcknowledgement | ClaimedSecurityNotice

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

export interface Outbox {
  /** Claims the e-mails due now (public.email_outbox_claim). */
  claim(settings: ClaimSettings): Promise<Claim>
  /** Reports claims sent and claims failed (public.email_outbox_complete). */
  complete(report: { sent: string[]; failed: string[]; retrySeconds?: number }): Promise<CompletionReport>
}

/** The outbox through the API, as the service role (only it may execute the two functions). */
export function outbox(service: TypedClient): Outbox {
  return {
    async claim(settings) {
      const { data, error } = await service.rpc('email_outbox_claim', {
        lease_seconds: settings.leaseSeconds,
        batch_size: settings.batchSize,
        digest_minutes: settings.digestMinutes,
        digest_max_items: settings.digestMaxItems,
        max_attempts: settings.maxAttempts,
      })
      if (error) throw new Error(`email_outbox_claim: ${error.message}`)
      const claim = data as unknown as { lease_seconds: number; mails: ClaimedMail[] }
      return { leaseSeconds: claim.lease_seconds, mails: claim.mails }
    },
    async complete({ sent, failed, retrySeconds }) {
      const { data, error } = await service.rpc('email_outbox_complete', {
        sent,
        failed,
        retry_seconds: retrySeconds,
      })
      if (error) throw new Error(`email_outbox_complete: ${error.message}`)
      return data as unknown as CompletionReport
    },
  }
}
