-- Notification preferences (issue 25, item 4; decision 0035). Each person chooses, per kind of
-- notification, whether its e-mail goes at once, in their digest or not at all, and how often
-- their digest may come. In-app notifications are unaffected: only the e-mail copy follows this.
--
-- The choice is applied where the outbox already decides (decision 0019), so every sender (our
-- server's mailer, the send-notifications Edge Function on Supabase) honours it by calling the same
-- two functions: the trigger that marks a new notification for an e-mail at once or the digest now
-- also reads the person's choice (email_skipped marks "not by e-mail"), and the claim spaces each
-- person's digests by the frequency they chose.
--
-- A person without a row keeps today's behaviour: kinds in
-- private.notification_email_settings.immediate_kinds at once (mentions), the rest in the digest
-- every NOTIFICATION_DIGEST_MINUTES. Leads and account news (contact_message,
-- organization_access) are not among the choices and keep that rule too.

create table public.notification_preferences (
  person_id uuid primary key references public.profiles (id) on delete cascade,
  messages text not null default 'digest',
  mentions text not null default 'immediately',
  documents text not null default 'digest',
  reports text not null default 'digest',
  approvals text not null default 'digest',
  tasks text not null default 'digest',
  digest_frequency text not null default 'soon',
  updated_at timestamptz not null default now(),
  constraint notification_preferences_messages check (messages in ('immediately', 'digest', 'off')),
  constraint notification_preferences_mentions check (mentions in ('immediately', 'digest', 'off')),
  constraint notification_preferences_documents check (documents in ('immediately', 'digest', 'off')),
  constraint notification_preferences_reports check (reports in ('immediately', 'digest', 'off')),
  constraint notification_preferences_approvals check (approvals in ('immediately', 'digest', 'off')),
  constraint notification_preferences_tasks check (tasks in ('immediately', 'digest', 'off')),
  constraint notification_preferences_digest_frequency check (digest_frequency in ('soon', 'hourly', 'daily', 'weekly'))
);
comment on table public.notification_preferences is
  'How each person wants notification e-mails, per kind: immediately, in the digest or off (in-app notifications are unaffected), and how often their digest may come. No row: today''s defaults.';
comment on column public.notification_preferences.messages is 'conversation_message: immediately, digest or off.';
comment on column public.notification_preferences.mentions is 'conversation_mention: immediately, digest or off.';
comment on column public.notification_preferences.documents is 'document_shared, document_uploaded: immediately, digest or off.';
comment on column public.notification_preferences.reports is 'report_published: immediately, digest or off.';
comment on column public.notification_preferences.approvals is 'approval_requested, approval_reminder, approval_answered: immediately, digest or off.';
comment on column public.notification_preferences.tasks is 'task_assigned: immediately, digest or off.';
comment on column public.notification_preferences.digest_frequency is
  'soon: every NOTIFICATION_DIGEST_MINUTES at most (the default); hourly, daily, weekly: at most one digest per hour, day or week.';

create trigger notification_preferences_updated_at
  before update on public.notification_preferences
  for each row execute function public.set_updated_at();

-- A person reads and writes only their own row, staff included; nobody else's, not even staff's.
alter table public.notification_preferences enable row level security;

create policy notification_preferences_select_own on public.notification_preferences
  for select to authenticated using (person_id = (select auth.uid()));
create policy notification_preferences_insert_own on public.notification_preferences
  for insert to authenticated with check (person_id = (select auth.uid()));
create policy notification_preferences_update_own on public.notification_preferences
  for update to authenticated using (person_id = (select auth.uid())) with check (person_id = (select auth.uid()));
create policy notification_preferences_delete_own on public.notification_preferences
  for delete to authenticated using (person_id = (select auth.uid()));

revoke all on table public.notification_preferences from public, anon, authenticated;
grant select, insert, update, delete on table public.notification_preferences to authenticated;
grant all on table public.notification_preferences to service_role;

-- ─── Which choice a notification follows ──────────────────────────────────────────────────────

-- The kinds a person chooses for, by the column that holds the choice; null: not a choice.
create or replace function private.notification_preference_kind(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case kind
    when 'conversation_message' then 'messages'
    when 'conversation_mention' then 'mentions'
    when 'document_shared' then 'documents'
    when 'document_uploaded' then 'documents'
    when 'report_published' then 'reports'
    when 'approval_requested' then 'approvals'
    when 'approval_reminder' then 'approvals'
    when 'approval_answered' then 'approvals'
    when 'task_assigned' then 'tasks'
  end
$$;

-- The person's choice for a kind: immediately, digest or off; null when they have no row or the
-- kind is not a choice (then the settings' rule applies).
create or replace function private.notification_email_choice(recipient uuid, kind text)
returns text
language sql
stable
set search_path = ''
as $$
  select case private.notification_preference_kind(kind)
    when 'messages' then p.messages
    when 'mentions' then p.mentions
    when 'documents' then p.documents
    when 'reports' then p.reports
    when 'approvals' then p.approvals
    when 'tasks' then p.tasks
  end
  from public.notification_preferences p
  where p.person_id = recipient
$$;

-- The shortest time between two of the person's digests: the operator's digest_minutes, or the
-- frequency the person chose when that is longer.
create or replace function private.notification_digest_interval(recipient uuid, digest_minutes integer)
returns interval
language sql
stable
set search_path = ''
as $$
  select make_interval(mins => greatest(digest_minutes, coalesce((
    select case p.digest_frequency when 'hourly' then 60 when 'daily' then 1440 when 'weekly' then 10080 else 0 end
      from public.notification_preferences p where p.person_id = recipient), 0)))
$$;

revoke execute on function private.notification_preference_kind(text),
  private.notification_email_choice(uuid, text), private.notification_digest_interval(uuid, integer) from public;

-- ─── Decided when the row is written ──────────────────────────────────────────────────────────

alter table public.notifications
  add column email_skipped boolean not null default false;
comment on column public.notifications.email_skipped is
  'Set when the row is written: the recipient chose no e-mail for this kind (notification_preferences), so it is never e-mailed; it still shows in the app.';

create or replace function public.notifications_email_mode()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.notification_email_settings;
  choice text;
  recent integer;
begin
  select * into settings from private.notification_email_settings;
  choice := private.notification_email_choice(new.recipient_id, new.kind);
  new.email_immediately := false;
  new.email_skipped := coalesce(choice = 'off', false);
  if new.email_skipped then
    return new;
  end if;
  -- At once only when the person chose it (or, without a choice, the kind is an immediate one),
  -- and still only a few per window: the rest wait for the digest.
  if not coalesce(choice = 'immediately', new.kind = any(settings.immediate_kinds)) or settings.immediate_per_window = 0 then
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
  'Trigger: marks a new notification for an e-mail at once, for the digest or for none, by the recipient''s notification_preferences and private.notification_email_settings.';
revoke execute on function public.notifications_email_mode() from public, anon, authenticated, service_role;

-- Rows nobody will e-mail leave the index the digest claim reads.
drop index public.notifications_email_pending_idx;
create index notifications_email_pending_idx on public.notifications (recipient_id, created_at)
  where emailed_at is null and read_at is null and not email_skipped;

-- ─── The claim honours the choices ────────────────────────────────────────────────────────────

-- As in migration 20261129150000, with skipped rows left out and each person's digest spaced by
-- private.notification_digest_interval.
create or replace function private.email_outbox_claim_notifications(
  lease_seconds integer default 300,
  batch_size integer default 20,
  digest_minutes integer default 15,
  digest_max_items integer default 50,
  max_attempts integer default 5
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  lease interval;
  immediate_ids uuid[];
  digest_claims uuid[];
  empty_claims uuid[];
  acknowledged uuid[];
  mails jsonb;
begin
  if lease_seconds is null or lease_seconds not between 1 and 86400 then
    raise exception 'lease_seconds must be between 1 and 86400' using errcode = '22023';
  end if;
  if batch_size is null or batch_size not between 1 and 1000 then
    raise exception 'batch_size must be between 1 and 1000' using errcode = '22023';
  end if;
  if digest_minutes is null or digest_minutes not between 0 and 1440 then
    raise exception 'digest_minutes must be between 0 and 1440' using errcode = '22023';
  end if;
  if digest_max_items is null or digest_max_items not between 1 and 500 then
    raise exception 'digest_max_items must be between 1 and 500' using errcode = '22023';
  end if;
  if max_attempts is null or max_attempts not between 1 and 10 then
    raise exception 'max_attempts must be between 1 and 10' using errcode = '22023';
  end if;
  lease := make_interval(secs => lease_seconds);

  -- Notifications that go at once, one e-mail each. skip locked: a concurrent claim passes over
  -- the rows this one is taking, and re-checks the lease on rows it had to wait for.
  with batch as (
    select n.id from public.notifications n
      join public.profiles p on p.id = n.recipient_id
     where n.emailed_at is null and n.read_at is null and n.email_immediately and not n.email_skipped
       and private.email_claimable(n.email_claimed_until, n.email_attempts, max_attempts)
       and p.is_active and p.email is not null
     order by n.created_at
     limit batch_size
     for update of n skip locked),
  claimed as (
    update public.notifications n
       set email_claim = gen_random_uuid(), email_claimed_until = now() + lease, email_attempts = n.email_attempts + 1
      from batch
     where n.id = batch.id
    returning n.id)
  select coalesce(array_agg(id), '{}') into immediate_ids from claimed;

  -- Digests: a person at most once per digest_minutes, or per the frequency they chose when that is
  -- longer, and never by two claims at once. The row
  -- lock on private.notification_digests decides between two claims; the loser's re-check of the
  -- lease fails. The claim takes all of the person's waiting rows.
  with due as (
    select n.recipient_id from public.notifications n
      join public.profiles p on p.id = n.recipient_id
     where n.emailed_at is null and n.read_at is null and not n.email_immediately and not n.email_skipped
       and private.email_claimable(n.email_claimed_until, n.email_attempts, max_attempts)
       and p.is_active and p.email is not null
       and not exists (select 1 from private.notification_digests d
                        where d.recipient_id = n.recipient_id
                          and (d.last_sent_at > now() - private.notification_digest_interval(n.recipient_id, digest_minutes)
                               or d.claimed_until > now()))
     group by n.recipient_id
     order by min(n.created_at)
     limit batch_size),
  people as (
    insert into private.notification_digests as d (recipient_id, last_sent_at, claim, claimed_until)
    select recipient_id, '-infinity', gen_random_uuid(), now() + lease from due
    on conflict (recipient_id) do update set claim = excluded.claim, claimed_until = excluded.claimed_until
     where d.last_sent_at <= now() - private.notification_digest_interval(d.recipient_id, digest_minutes)
       and (d.claimed_until is null or d.claimed_until <= now())
    returning d.recipient_id, d.claim, d.claimed_until),
  claimed as (
    update public.notifications n
       set email_claim = c.claim, email_claimed_until = c.claimed_until, email_attempts = n.email_attempts + 1
      from people c
     where n.recipient_id = c.recipient_id
       and n.emailed_at is null and n.read_at is null and not n.email_immediately and not n.email_skipped
       and private.email_claimable(n.email_claimed_until, n.email_attempts, max_attempts)
    returning n.email_claim)
  select coalesce(array_agg(c.claim) filter (where c.claim in (select email_claim from claimed)), '{}'),
         coalesce(array_agg(c.claim) filter (where c.claim not in (select email_claim from claimed)), '{}')
    into digest_claims, empty_claims
    from people c;
  -- A person whose rows changed meanwhile (all read at that moment, say) is let go at once.
  update private.notification_digests d set claim = null, claimed_until = null where d.claim = any(empty_claims);

  -- Acknowledgements to senders through the form (they carry a fingerprint) within a day. The
  -- primary key decides between two claims of a new one; the lease between claims of a retry.
  with due as (
    select m.id from public.contact_messages m
      left join private.contact_acknowledgements a on a.contact_message_id = m.id
     where m.sender_fingerprint is not null and m.created_at > now() - interval '1 day'
       and (a.contact_message_id is null
            or (a.sent_at is null and private.email_claimable(a.claimed_until, a.attempts, max_attempts)))
     order by m.created_at
     limit batch_size),
  claimed as (
    insert into private.contact_acknowledgements as a (contact_message_id, claim, claimed_until, attempts)
    select id, gen_random_uuid(), now() + lease, 1 from due
    on conflict (contact_message_id) do update
       set claim = excluded.claim, claimed_until = excluded.claimed_until, attempts = a.attempts + 1
     where a.sent_at is null and private.email_claimable(a.claimed_until, a.attempts, max_attempts)
    returning a.contact_message_id)
  select coalesce(array_agg(contact_message_id), '{}') into acknowledged from claimed;

  -- What a sender needs to render each e-mail, and nothing else.
  select coalesce(jsonb_agg(mail order by position, created_at), '[]') into mails from (
    select 1 as position, n.created_at, jsonb_build_object(
        'claim', n.email_claim, 'type', 'notification', 'claimed_until', n.email_claimed_until,
        'to', p.email, 'name', p.full_name, 'locale', p.locale, 'role', p.role,
        'notifications', jsonb_build_array(private.email_notification_item(n)), 'more', 0) as mail
      from public.notifications n join public.profiles p on p.id = n.recipient_id
     where n.id = any(immediate_ids)
    union all
    select 2, min(n.created_at), jsonb_build_object(
        'claim', d.claim, 'type', 'digest', 'claimed_until', d.claimed_until,
        'to', p.email, 'name', p.full_name, 'locale', p.locale, 'role', p.role,
        -- Newest first, so a digest cut at digest_max_items keeps the latest news.
        'notifications', (select jsonb_agg(private.email_notification_item(i.r) order by (i.r).created_at desc)
                            from (select r from public.notifications r where r.email_claim = d.claim
                                   order by r.created_at desc limit digest_max_items) i),
        'more', greatest(count(*) - digest_max_items, 0))
      from private.notification_digests d
      join public.profiles p on p.id = d.recipient_id
      join public.notifications n on n.email_claim = d.claim
     where d.claim = any(digest_claims)
     group by d.claim, d.claimed_until, p.id
    union all
    select 3, m.created_at, jsonb_build_object(
        'claim', a.claim, 'type', 'contact_acknowledgement', 'claimed_until', a.claimed_until,
        'to', m.email, 'locale', m.locale)
      from private.contact_acknowledgements a join public.contact_messages m on m.id = a.contact_message_id
     where a.contact_message_id = any(acknowledged)
  ) claimed_mails;

  -- The lease, so a sender can stop starting e-mails well before it ends.
  return jsonb_build_object('lease_seconds', lease_seconds, 'mails', mails);
end;
$$;

comment on function private.email_outbox_claim_notifications(integer, integer, integer, integer, integer) is
  'The notification, digest and acknowledgement part of public.email_outbox_claim.';
revoke all on function private.email_outbox_claim_notifications(integer, integer, integer, integer, integer)
  from public, anon, authenticated, service_role;
