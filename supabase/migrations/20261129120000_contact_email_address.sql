-- A lead's e-mail address must be an address (security issue 6). The first rule (no spaces, one
-- @, a dot after it) let `mallory@evil.example?bcc=spy%40attacker.example&subject=hi` through,
-- which staff's "reply" link turned into a mail with a hidden Bcc. The rule is now zod's
-- `z.email()`, the one invitations use and the contact form checks (src/lib/email-address.ts;
-- tests/integration/schema/entity-rules.test.ts holds the two texts together): dot-separated
-- letters, digits and _ ' + - before the @, labels of letters, digits and hyphens after it, and a
-- top-level domain of two letters or more. No ? & % # < > , ; quotes or spaces fit.
--
-- Rows stored under the first rule that break this one are kept (they are still leads) and made
-- to fit before the rule is validated, so the migration never fails on existing data: the address
-- as it was sent moves into the message, as text, in the lead's language; the e-mail column holds
-- an address in the reserved .invalid domain (RFC 6761), which no mail is ever delivered to, and
-- the lead is marked as acknowledged so nothing is sent there.

alter table public.contact_messages
  drop constraint contact_messages_email_format,
  add constraint contact_messages_email_format
    check (email ~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$')
    not valid;

with refused as (
  select m.id,
         case when m.locale = 'en' then 'E-mail address as sent (not a valid address): '
              else 'Dirección de correo tal como se envió (no es válida): ' end || m.email as note
    from public.contact_messages m
   where m.email !~ '^(?:[A-Za-z0-9_''+-]+\.)*[A-Za-z0-9_''+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$'
), cleaned as (
  update public.contact_messages m
     set email = 'address-not-valid@example.invalid',
         message = left(btrim(m.message), 4998 - char_length(r.note)) || E'\n\n' || r.note
    from refused r
   where m.id = r.id
  returning m.id
)
insert into private.contact_acknowledgements (contact_message_id)
select id from cleaned
on conflict (contact_message_id) do nothing;

alter table public.contact_messages validate constraint contact_messages_email_format;

comment on column public.contact_messages.email is
  'The sender''s address, as zod''s z.email() takes one (src/lib/email-address.ts); shown as a mailto: link only through mailtoHref(), which encodes it.';
