// Acknowledgement e-mails to people who wrote through the contact form (decision 0019). Claimed
// in one statement (an insert into private.contact_acknowledgements whose primary key lets one
// server win), then sent; sent once at most: a failure is logged, not retried, since staff still
// reply to the message itself. Only messages that came through the API (the form, with or
// without JavaScript: they carry a sender fingerprint) and are less than a day old are answered;
// staff imports are not.
import type { Database } from '../db/database'
import type { Mailer } from './mailer'
import { contactAcknowledgementMail } from './templates/contact-acknowledgement'

const claim = `
  with due as (
    select m.id from public.contact_messages m
     where m.sender_fingerprint is not null and m.created_at > now() - interval '1 day'
       and not exists (select 1 from private.contact_acknowledgements a where a.contact_message_id = m.id)
     order by m.created_at
     limit $1),
  claimed as (
    insert into private.contact_acknowledgements (contact_message_id)
    select id from due
    on conflict (contact_message_id) do nothing
    returning contact_message_id)
  select m.email, m.locale from claimed c join public.contact_messages m on m.id = c.contact_message_id`

/** Sends the acknowledgements that are due; resolves with the number sent. */
export async function sendContactAcknowledgements(
  db: Database,
  mailer: Mailer,
  batchSize: number,
  log: (line: string) => void,
): Promise<number> {
  const { rows } = await db.query<{ email: string; locale: string }>(claim, [batchSize])
  let sent = 0
  for (const row of rows) {
    try {
      await mailer.send({ to: row.email, ...contactAcknowledgementMail(row.locale === 'en' ? 'en' : 'es') })
      sent++
    } catch (error) {
      log(`contact acknowledgement to ${row.email} failed: ${(error as Error).message}`)
    }
  }
  return sent
}
