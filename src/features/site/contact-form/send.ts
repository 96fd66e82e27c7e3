// Sends the contact form: supabase-js is imported here, on submit, so the contact page's first
// load carries none of it. A plain insert: visitors may not read the table, so nothing is returned.
import { constraintField, type ContactField, type toRow } from './rules'

export type SendOutcome =
  | { kind: 'sent' }
  /** The database refused one field's value (a check constraint, by name). */
  | { kind: 'invalid'; field: ContactField }
  /** Too many messages from this address in the last hour (contact_messages_rate_limit, PT429). */
  | { kind: 'rateLimited' }
  /** No connection, a server failure, anything else. */
  | { kind: 'failed' }

export function classifyFailure(error: { code?: string; message?: string }, status: number): SendOutcome {
  if (error.code === 'PT429' || status === 429) return { kind: 'rateLimited' }
  if (error.code === '23514') {
    const field = constraintField(error.message)
    if (field) return { kind: 'invalid', field }
  }
  return { kind: 'failed' }
}

export async function sendContactMessage(row: ReturnType<typeof toRow>): Promise<SendOutcome> {
  try {
    const { supabase } = await import('../../../lib/supabase')
    const { error, status } = await supabase.from('contact_messages').insert(row)
    return error ? classifyFailure(error, status) : { kind: 'sent' }
  } catch {
    // The chunk could not be fetched, or the request never reached the server.
    return { kind: 'failed' }
  }
}
