-- Whether a notification is e-mailed at once or in the person's next digest (decision 0019) is
-- decided here, once, when the row is written, so every sender of the outbox (our server's mailer
-- today, a scheduled Edge Function tomorrow) honours the same rule by reading one column.
--
-- Immediate kinds (mentions, leads) used to go out one e-mail each, however many: one client
-- request of 200 messages mentioning staff sent each of them 200 e-mails. Now a person gets at most
-- immediate_per_window immediate e-mails of one kind within immediate_window_minutes; later ones of
-- that kind in the window wait for the digest, which still brings them within the digest interval.
-- Counted per kind, so a burst of mentions cannot push a visitor's lead out of staff's inbox.

create table private.notification_email_settings (
  singleton boolean primary key default true constraint notification_email_settings_singleton check (singleton),
  immediate_kinds text[] not null default '{conversation_mention,contact_message}',
  immediate_per_window integer not null default 3
    constraint notification_email_settings_per_window check (immediate_per_window between 0 and 1000),
  immediate_window_minutes integer not null default 10
    constraint notification_email_settings_window check (immediate_window_minutes between 1 and 1440)
);
alter table private.notification_email_settings enable row level security;
revoke all on table private.notification_email_settings from public;
comment on table private.notification_email_settings is
  'Which notification kinds are e-mailed at once, and how many of one kind a person gets at once within a window before the rest wait for their digest. An operator changes it with SQL.';
insert into private.notification_email_settings default values;

alter table public.notifications
  add column email_immediately boolean not null default false;
comment on column public.notifications.email_immediately is
  'Set when the row is written: e-mailed on its own at once (true) or in the person''s next digest (false).';

-- What was already written keeps the old rule: immediate kinds went at once.
update public.notifications
   set email_immediately = true
 where kind in (select unnest(s.immediate_kinds) from private.notification_email_settings s);

create or replace function public.notifications_email_mode()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.notification_email_settings;
  recent integer;
begin
  select * into settings from private.notification_email_settings;
  new.email_immediately := false;
  if not (new.kind = any(settings.immediate_kinds)) or settings.immediate_per_window = 0 then
    return new;
  end if;
  -- One decision at a time per person and kind. A transaction that finds another one deciding
  -- (a burst arriving in parallel) does not wait for it: its row goes to the digest. Never
  -- waiting also means two transactions can never deadlock on these locks.
  if not pg_try_advisory_xact_lock(hashtextextended('notification-immediate:' || new.recipient_id || ':' || new.kind, 0)) then
    return new;
  end if;
  select count(*) into recent
    from public.notifications n
   where n.recipient_id = new.recipient_id and n.kind = new.kind and n.email_immediately
     and n.created_at > now() - make_interval(mins => settings.immediate_window_minutes);
  new.email_immediately := recent < settings.immediate_per_window;
  return new;
end;
$$;

comment on function public.notifications_email_mode() is
  'Trigger: marks a new notification for an e-mail at once or for the digest (private.notification_email_settings).';
revoke execute on function public.notifications_email_mode() from public, anon, authenticated, service_role;

create trigger notifications_email_mode
  before insert on public.notifications
  for each row execute function public.notifications_email_mode();

-- The mailer's two claims: immediate rows, and each person's digest rows.
create index notifications_email_immediate_idx on public.notifications (created_at)
  where emailed_at is null and read_at is null and email_immediately;
