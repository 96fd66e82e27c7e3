-- Someone who writes through the contact form gets an e-mail saying the message arrived and what
-- happens next, in the language of the page they wrote from (contact_messages.locale). The
-- server's mailer sends it (decision 0019); this records which messages have had theirs, so two
-- servers never send it twice (the primary key decides) and it is sent once at most.
create table private.contact_acknowledgements (
  contact_message_id uuid primary key references public.contact_messages (id) on delete cascade,
  sent_at timestamptz not null default now()
);
alter table private.contact_acknowledgements enable row level security;
revoke all on table private.contact_acknowledgements from public;
comment on table private.contact_acknowledgements is
  'Contact messages whose sender has been sent the acknowledgement e-mail (claimed once, never resent).';

-- Messages already here were answered by people before this e-mail existed.
insert into private.contact_acknowledgements (contact_message_id, sent_at)
select id, created_at from public.contact_messages;
