-- E-mail at least once, never twice (decision 0019, "Claims with a lease"). Every e-mail the
-- outbox sends (a notification on its own, a person's digest, a contact acknowledgement) is
-- claimed with a lease by public.email_outbox_claim and settled by public.email_outbox_complete.
-- One implementation for every sender: our server's mailer calls them today, a scheduled Edge
-- Function will call them through supabase-js rpc() with the service-role key, so both live in
-- `public` (the API exposes no other schema) and only the service role may execute them.
--
-- A claim gives each e-mail a random token and a lease (claimed_until). Until the lease passes,
-- no other claim takes that work. The sender reports the tokens it sent and those that failed:
-- sent work is stamped and never claimed again; failed work is held back (doubling from
-- retry_seconds) and tried again until max_attempts claims were made. A sender that dies after its
-- claim reports nothing: when the lease passes, the work is claimable again, so a crash means a
-- resend, never a loss. A report only counts while the token is still on the work: once a later
-- claim took it over (the first lease had passed), the late report is ignored and returned as
-- stale, and only the new claim's report is recorded.
--
-- Approval reminders need no lease of their own: public.send_approval_reminders claims the
-- requests and writes the reminder notifications in one transaction (no effect outside the
-- database), and those notifications are e-mailed through this outbox like any other.

-- ─── Where the lease is kept ──────────────────────────────────────────────────────────────────

alter table public.notifications
  add column email_claim uuid,
  add column email_claimed_until timestamptz;
comment on column public.notifications.email_claim is
  'Token of the e-mail claim that holds this row (its own, or its digest''s); null when none does.';
comment on column public.notifications.email_claimed_until is
  'No claim takes the row before this time: the lease of the claim holding it, or after a failed send the time of the next try.';
comment on column public.notifications.emailed_at is
  'When the sender reported the e-mail copy sent (public.email_outbox_complete); null while it waits to be sent.';
comment on column public.notifications.email_attempts is
  'How many times the e-mail copy was claimed for sending; none is claimed again after max_attempts.';

alter table private.notification_digests
  add column claim uuid,
  add column claimed_until timestamptz;
comment on column private.notification_digests.last_sent_at is
  'When the person''s last digest was reported sent (-infinity: never yet).';
comment on column private.notification_digests.claim is
  'Token of the claim sending this person''s digest now; while its lease holds, no other digest is claimed for them.';

alter table private.contact_acknowledgements
  alter column sent_at drop default,
  alter column sent_at drop not null,
  add column claim uuid,
  add column claimed_until timestamptz,
  add column attempts smallint not null default 0
    constraint contact_acknowledgements_attempts_range check (attempts between 0 and 10);
comment on table private.contact_acknowledgements is
  'Acknowledgement e-mails to senders of contact messages: claimed with a lease, sent at least once and, once reported sent (sent_at), never again.';
comment on column private.contact_acknowledgements.sent_at is
  'When the sender reported the acknowledgement sent; null while it waits or is being sent.';

create index notifications_email_claim_idx on public.notifications (email_claim) where email_claim is not null;
create index contact_acknowledgements_claim_idx on private.contact_acknowledgements (claim) where claim is not null;
create index notification_digests_claim_idx on private.notification_digests (claim) where claim is not null;

-- ─── The two rules every claim shares ─────────────────────────────────────────────────────────

-- Work not yet sent may be claimed when no lease or back-off holds it and tries are left.
create or replace function private.email_claimable(claimed_until timestamptz, attempts integer, max_attempts integer)
returns boolean
language sql
stable
set search_path = ''
as $$
  select attempts < max_attempts and (claimed_until is null or claimed_until <= now())
$$;

-- After a failed try: retry_seconds, doubled for every earlier try, at most a day.
create or replace function private.email_retry_at(attempts integer, retry_seconds integer)
returns timestamptz
language sql
stable
set search_path = ''
as $$
  select now() + make_interval(secs => least(86400, retry_seconds * power(2, greatest(attempts - 1, 0))))
$$;

-- One notification as a sender renders it.
create or replace function private.email_notification_item(n public.notifications)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body,
    'project_id', n.project_id, 'project_name', (select pr.name from public.projects pr where pr.id = n.project_id),
    'entity_type', n.entity_type, 'entity_id', n.entity_id, 'created_at', n.created_at)
$$;

revoke execute on function private.email_claimable(timestamptz, integer, integer),
  private.email_retry_at(integer, integer), private.email_notification_item(public.notifications) from public;

-- ─── Claim ────────────────────────────────────────────────────────────────────────────────────

create or replace function public.email_outbox_claim(
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
  interval_ago timestamptz;
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
  interval_ago := now() - make_interval(mins => digest_minutes);

  -- Notifications that go at once, one e-mail each. skip locked: a concurrent claim passes over
  -- the rows this one is taking, and re-checks the lease on rows it had to wait for.
  with batch as (
    select n.id from public.notifications n
      join public.profiles p on p.id = n.recipient_id
     where n.emailed_at is null and n.read_at is null and n.email_immediately
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

  -- Digests: a person at most once per digest_minutes, and never by two claims at once. The row
  -- lock on private.notification_digests decides between two claims; the loser's re-check of the
  -- lease fails. The claim takes all of the person's waiting rows.
  with due as (
    select n.recipient_id from public.notifications n
      join public.profiles p on p.id = n.recipient_id
     where n.emailed_at is null and n.read_at is null and not n.email_immediately
       and private.email_claimable(n.email_claimed_until, n.email_attempts, max_attempts)
       and p.is_active and p.email is not null
       and not exists (select 1 from private.notification_digests d
                        where d.recipient_id = n.recipient_id
                          and (d.last_sent_at > interval_ago or d.claimed_until > now()))
     group by n.recipient_id
     order by min(n.created_at)
     limit batch_size),
  people as (
    insert into private.notification_digests as d (recipient_id, last_sent_at, claim, claimed_until)
    select recipient_id, '-infinity', gen_random_uuid(), now() + lease from due
    on conflict (recipient_id) do update set claim = excluded.claim, claimed_until = excluded.claimed_until
     where d.last_sent_at <= interval_ago and (d.claimed_until is null or d.claimed_until <= now())
    returning d.recipient_id, d.claim, d.claimed_until),
  claimed as (
    update public.notifications n
       set email_claim = c.claim, email_claimed_until = c.claimed_until, email_attempts = n.email_attempts + 1
      from people c
     where n.recipient_id = c.recipient_id
       and n.emailed_at is null and n.read_at is null and not n.email_immediately
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

comment on function public.email_outbox_claim(integer, integer, integer, integer, integer) is
  'Service role only: claims the e-mails due now with a lease of lease_seconds (at most batch_size notifications sent at once, batch_size digests, batch_size contact acknowledgements) and returns {lease_seconds, mails: [{claim, type, to, locale, ...}]}. Report each claim to email_outbox_complete.';

-- ─── Complete ─────────────────────────────────────────────────────────────────────────────────

create or replace function public.email_outbox_complete(
  sent uuid[] default '{}',
  failed uuid[] default '{}',
  retry_seconds integer default 60
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  digests uuid[];
  sent_done uuid[] := '{}';
  failed_done uuid[] := '{}';
  done uuid[];
begin
  if retry_seconds is null or retry_seconds not between 0 and 86400 then
    raise exception 'retry_seconds must be between 0 and 86400' using errcode = '22023';
  end if;
  sent := coalesce(sent, '{}');
  -- A token reported both ways counts as sent.
  failed := array(select t from unnest(coalesce(failed, '{}')) t where not (t = any(sent)));
  if cardinality(sent) + cardinality(failed) > 10000 then
    raise exception 'at most 10000 claims per report' using errcode = '22023';
  end if;

  -- Sent digests: the person's interval starts now. Only while the person still holds the token.
  with held as (
    select d.recipient_id, d.claim from private.notification_digests d where d.claim = any(sent) for update),
  settled as (
    update private.notification_digests d set last_sent_at = now(), claim = null, claimed_until = null
      from held where d.recipient_id = held.recipient_id
    returning held.claim)
  select coalesce(array_agg(claim), '{}') into digests from settled;
  -- Sent notifications: on their own, or in a digest settled just above.
  with held as (
    select n.id, n.email_claim from public.notifications n
     where n.email_claim = any(sent) and (n.email_immediately or n.email_claim = any(digests))
     for update),
  settled as (
    update public.notifications n set emailed_at = now(), email_claim = null, email_claimed_until = null
      from held where n.id = held.id
    returning held.email_claim)
  select coalesce(array_agg(distinct email_claim), '{}') into done from settled;
  sent_done := sent_done || done;
  with held as (
    select a.contact_message_id, a.claim from private.contact_acknowledgements a where a.claim = any(sent) for update),
  settled as (
    update private.contact_acknowledgements a set sent_at = now(), claim = null, claimed_until = null
      from held where a.contact_message_id = held.contact_message_id
    returning held.claim)
  select coalesce(array_agg(claim), '{}') into done from settled;
  sent_done := sent_done || done;

  -- Failed digests: the person is let go (their interval does not start); their rows back off.
  with held as (
    select d.recipient_id, d.claim from private.notification_digests d where d.claim = any(failed) for update),
  released as (
    update private.notification_digests d set claim = null, claimed_until = null
      from held where d.recipient_id = held.recipient_id
    returning held.claim)
  select coalesce(array_agg(claim), '{}') into digests from released;
  with held as (
    select n.id, n.email_claim from public.notifications n
     where n.email_claim = any(failed) and (n.email_immediately or n.email_claim = any(digests))
     for update),
  released as (
    update public.notifications n
       set email_claim = null, email_claimed_until = private.email_retry_at(n.email_attempts, retry_seconds)
      from held where n.id = held.id
    returning held.email_claim)
  select coalesce(array_agg(distinct email_claim), '{}') into done from released;
  failed_done := failed_done || done;
  with held as (
    select a.contact_message_id, a.claim from private.contact_acknowledgements a where a.claim = any(failed) for update),
  released as (
    update private.contact_acknowledgements a
       set claim = null, claimed_until = private.email_retry_at(a.attempts, retry_seconds)
      from held where a.contact_message_id = held.contact_message_id
    returning held.claim)
  select coalesce(array_agg(claim), '{}') into done from released;
  failed_done := failed_done || done;

  return jsonb_build_object(
    'sent', cardinality(sent_done),
    'failed', cardinality(failed_done),
    -- Tokens whose work another claim took over after the lease passed (or already reported).
    'stale', to_jsonb(array(select t from unnest(sent || failed) t
                             where not (t = any(sent_done)) and not (t = any(failed_done)))));
end;
$$;

comment on function public.email_outbox_complete(uuid[], uuid[], integer) is
  'Service role only: records the claims (tokens from email_outbox_claim) whose e-mail was sent, never to be claimed again, and those that failed, held back from retry_seconds (doubling) until max_attempts; returns {sent, failed, stale}, stale being tokens no longer holding their work.';

-- Supabase grants every new function in public to the API roles: only the service role keeps it.
revoke all on function public.email_outbox_claim(integer, integer, integer, integer, integer),
  public.email_outbox_complete(uuid[], uuid[], integer) from public, anon, authenticated;
grant execute on function public.email_outbox_claim(integer, integer, integer, integer, integer),
  public.email_outbox_complete(uuid[], uuid[], integer) to service_role;
