-- Notifications also go out by e-mail, in the recipient's language (the row's title and body
-- already are). The notifications table doubles as the outbox: the server's mailer claims rows
-- without emailed_at, sends them and keeps the time. On hosted Supabase a scheduled function can
-- do the same with these columns. Users still may change nothing but read_at (column grant).

alter table public.notifications
  add column emailed_at timestamptz,
  add column email_attempts smallint not null default 0,
  add constraint notifications_email_attempts_range check (email_attempts between 0 and 10);

comment on column public.notifications.emailed_at is
  'When the e-mail copy was handed to the mail server; null while it waits to be sent.';
comment on column public.notifications.email_attempts is
  'How many times sending the e-mail copy was tried; the mailer gives up after a few.';

-- Notifications written before e-mail delivery existed are history, not news.
update public.notifications set emailed_at = created_at where emailed_at is null;

create index notifications_email_outbox_idx on public.notifications (created_at)
  where emailed_at is null;
