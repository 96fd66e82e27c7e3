// Sends the contact form: supabase-js is imported here, on submit, so the contact page's first
// load carries none of it. A plain insert: visitors may not read the table, so nothing is returned.
import type { TablesInsert } from '@/lib/db'
import type { SendOutcome as MachineOutcome } from '../../../../machines/contact-submission.machine'
import { constraintField, type ContactField } from './rules'

/** The submission machine's outcome of a send, with a field of this form where it names one. */
export type SendOutcome = Exclude<MachineOutcome, { kind: 'invalid' }> | { kind: 'invalid'; field: ContactField }

export function classifyFailure(error: { code?: string; message?: string }, status: number): SendOutcome {
  if (error.code === 'PT429' || status === 429) return { kind: 'rateLimited' }
  if (error.code === '23514') {
    const field = constraintField(error.message)
    if (field) return { kind: 'invalid', field }
  }
  return { kind: 'failed' }
}

export async function sendContactMessage(row: TablesInsert<'contact_messages'>): Promise<SendOutcome> {
  try {
    const { supabase } = await import('../../../lib/supabase')
    const { error, status } = await supabase.from('contact_messages').insert(row)
    return error ? classifyFailure(error, status) : { kind: 'sent' }
  } catch {
    // The chunk could not be fetched, or the request never reached the server.
    return { kind: 'failed' }
  }
}
