-- The account lock (decision 0028) as Supabase Auth's Password Verification Attempt and MFA
-- Verification Attempt hooks: Postgres functions Auth calls after it has checked a password or a
-- TOTP code of an existing account, with {user_id, valid}. After max_failures failed attempts
-- within lock_minutes, every attempt of that kind (even a right one) is rejected until the window
-- ends, with a message ending "Try again after <ISO time in UTC>" that the site reads; the attempt
-- that locks the account queues a security notice e-mail to its owner through the e-mail outbox.
--
-- Auth runs the hooks as supabase_auth_admin, so they are security invoker and that role alone
-- may execute them and touch their tables (as Supabase's hook guide asks). They live in `private`,
-- which the API does not expose: a function in `public` that a caller may not execute answers
-- /rest/v1/rpc/ with "permission denied", which a missing one does not, so there they would be
-- seen to exist. Our server calls the same functions the same way
-- (supabase/server/auth/verification-hooks.ts).

-- ─── Settings ─────────────────────────────────────────────────────────────────────────────────

create table private.account_lock_settings (
  singleton boolean primary key default true constraint account_lock_settings_singleton check (singleton),
  max_failures integer not null default 10
    constraint account_lock_settings_max_failures check (max_failures between 1 and 10000),
  lock_minutes integer not null default 15
    constraint account_lock_settings_lock_minutes check (lock_minutes between 1 and 1440)
);
alter table private.account_lock_settings enable row level security;
revoke all on table private.account_lock_settings from public;
comment on table private.account_lock_settings is
  'Failed attempts (passwords or TOTP codes) an account may have within lock_minutes before it is locked until the window ends. Our server writes its AUTH_ACCOUNT_MAX_FAILURES and AUTH_ACCOUNT_LOCK_MINUTES here at start-up; on Supabase an operator sets them with SQL.';
insert into private.account_lock_settings default values;

-- ─── Failures: one row per account and kind of attempt ───────────────────────────────────────

create table private.account_lock_failures (
  user_id uuid not null references auth.users (id) on delete cascade,
  attempt text not null constraint account_lock_failures_attempt check (attempt in ('password', 'mfa')),
  failures integer not null constraint account_lock_failures_failures check (failures > 0),
  window_ends_at timestamptz not null,
  primary key (user_id, attempt)
);
alter table private.account_lock_failures enable row level security;
revoke all on table private.account_lock_failures from public;
comment on table private.account_lock_failures is
  'Failed attempts of one account within its window (from the first failure); locked while failures >= max_failures and the window has not ended. A right attempt outside a lock removes the row.';

-- ─── Security notices waiting in the outbox ───────────────────────────────────────────────────

create table private.security_notices (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null constraint security_notices_kind check (kind in ('failed_sign_ins', 'failed_codes')),
  created_at timestamptz not null default now(),
  sent_at timestamptz,
  claim uuid,
  claimed_until timestamptz,
  attempts smallint not null default 0 constraint security_notices_attempts_range check (attempts between 0 and 10)
);
alter table private.security_notices enable row level security;
revoke all on table private.security_notices from public;
comment on table private.security_notices is
  'Security notice e-mails to an account''s owner (the account was locked), sent by the e-mail outbox in the owner''s language: claimed with a lease, sent at least once and, once reported sent (sent_at), never again.';
create index security_notices_user_idx on private.security_notices (user_id);
create index security_notices_due_idx on private.security_notices (created_at) where sent_at is null;
create index security_notices_claim_idx on private.security_notices (claim) where claim is not null;

-- What the hooks may do, and nothing more (no API role may do anything here).
grant usage on schema private to supabase_auth_admin;
grant select on private.account_lock_settings to supabase_auth_admin;
grant select, insert, update, delete on private.account_lock_failures to supabase_auth_admin;
grant insert on private.security_notices to supabase_auth_admin;
create policy account_lock_settings_auth on private.account_lock_settings
  for select to supabase_auth_admin using (true);
create policy account_lock_failures_auth on private.account_lock_failures
  for all to supabase_auth_admin using (true) with check (true);
create policy security_notices_auth on private.security_notices
  for insert to supabase_auth_admin with check (true);

-- ─── The lock ─────────────────────────────────────────────────────────────────────────────────

-- One attempt of `attempt` kind for the account: the hook's output. Concurrent attempts meet on the
-- account's row (the upsert and the delete lock it), so each failure is counted once and only the
-- one that reaches max_failures queues the notice.
create or replace function private.account_lock_attempt(p_user_id uuid, p_attempt text, p_valid boolean)
returns jsonb
language plpgsql
volatile
set search_path = ''
as $$
declare
  settings private.account_lock_settings;
  failed integer;
  locked_until timestamptz;
begin
  if p_user_id is null or p_valid is null then
    raise exception 'user_id and valid are required' using errcode = '22023';
  end if;
  select * into settings from private.account_lock_settings;
  if p_valid then
    -- A right attempt clears the count, unless the account is locked.
    delete from private.account_lock_failures f
     where f.user_id = p_user_id and f.attempt = p_attempt
       and (f.failures < settings.max_failures or f.window_ends_at <= now());
    select f.window_ends_at into locked_until from private.account_lock_failures f
     where f.user_id = p_user_id and f.attempt = p_attempt
       and f.failures >= settings.max_failures and f.window_ends_at > now();
  else
    -- The window starts at the first failure; one past the maximum is enough to stay locked.
    insert into private.account_lock_failures as f (user_id, attempt, failures, window_ends_at)
    values (p_user_id, p_attempt, 1, now() + make_interval(mins => settings.lock_minutes))
    on conflict (user_id, attempt) do update
       set failures = case when f.window_ends_at <= now() then 1
                           else least(f.failures + 1, settings.max_failures + 1) end,
           window_ends_at = case when f.window_ends_at <= now() then excluded.window_ends_at
                                 else f.window_ends_at end
    returning f.failures, f.window_ends_at into failed, locked_until;
    if failed = settings.max_failures then
      insert into private.security_notices (user_id, kind)
      values (p_user_id, case p_attempt when 'password' then 'failed_sign_ins' else 'failed_codes' end);
    end if;
    if failed < settings.max_failures then
      locked_until := null;
    end if;
  end if;
  if locked_until is null then
    return jsonb_build_object('decision', 'continue');
  end if;
  return jsonb_build_object(
    'decision', 'reject',
    'message', 'Too many failed attempts for this account. Try again after '
      || to_char(locked_until at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'));
end;
$$;

comment on function private.account_lock_attempt(uuid, text, boolean) is
  'Counts one password or MFA attempt of an account against private.account_lock_settings and returns the verification hook''s output: {decision: continue} or {decision: reject, message: "… Try again after <ISO time>"}.';

create or replace function private.hook_password_verification_attempt(event jsonb)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  -- Never signs the owner's other sessions out: anyone can fail passwords for an account.
  select private.account_lock_attempt((event ->> 'user_id')::uuid, 'password', (event ->> 'valid')::boolean)
    || jsonb_build_object('should_logout_user', false)
$$;

comment on function private.hook_password_verification_attempt(jsonb) is
  'Supabase Auth''s Password Verification Attempt hook (supabase_auth_admin only): the account lock for passwords.';

create or replace function private.hook_mfa_verification_attempt(event jsonb)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.account_lock_attempt((event ->> 'user_id')::uuid, 'mfa', (event ->> 'valid')::boolean)
$$;

comment on function private.hook_mfa_verification_attempt(jsonb) is
  'Supabase Auth''s MFA Verification Attempt hook (supabase_auth_admin only): the account lock for TOTP codes.';

revoke all on function private.account_lock_attempt(uuid, text, boolean),
  private.hook_password_verification_attempt(jsonb), private.hook_mfa_verification_attempt(jsonb)
  from public, anon, authenticated, service_role;
grant execute on function private.account_lock_attempt(uuid, text, boolean),
  private.hook_password_verification_attempt(jsonb), private.hook_mfa_verification_attempt(jsonb)
  to supabase_auth_admin;

-- ─── The outbox sends the notices ─────────────────────────────────────────────────────────────

-- The notification claims stay as they were, under private; the public functions claim and settle
-- them and the security notices, with the same arguments and answers.
alter function public.email_outbox_claim(integer, integer, integer, integer, integer) set schema private;
alter function private.email_outbox_claim(integer, integer, integer, integer, integer)
  rename to email_outbox_claim_notifications;
alter function public.email_outbox_complete(uuid[], uuid[], integer) set schema private;
alter function private.email_outbox_complete(uuid[], uuid[], integer) rename to email_outbox_complete_notifications;
revoke all on function private.email_outbox_claim_notifications(integer, integer, integer, integer, integer),
  private.email_outbox_complete_notifications(uuid[], uuid[], integer) from public, anon, authenticated, service_role;
comment on function private.email_outbox_claim_notifications(integer, integer, integer, integer, integer) is
  'The notification, digest and acknowledgement part of public.email_outbox_claim.';
comment on function private.email_outbox_complete_notifications(uuid[], uuid[], integer) is
  'The notification, digest and acknowledgement part of public.email_outbox_complete.';

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
  claimed jsonb;
  notices jsonb;
begin
  -- Checks the arguments and claims everything else first.
  claimed := private.email_outbox_claim_notifications(lease_seconds, batch_size, digest_minutes, digest_max_items, max_attempts);
  -- Notices of the last day whose owner still has an address (an older lock is over).
  with due as (
    select n.id from private.security_notices n join auth.users u on u.id = n.user_id
     where n.sent_at is null and n.created_at > now() - interval '1 day' and u.email is not null
       and private.email_claimable(n.claimed_until, n.attempts, max_attempts)
     order by n.created_at
     limit batch_size
     for update of n skip locked),
  taken as (
    update private.security_notices n
       set claim = gen_random_uuid(), claimed_until = now() + make_interval(secs => lease_seconds),
           attempts = n.attempts + 1
      from due where n.id = due.id
    returning n.claim, n.claimed_until, n.kind, n.user_id, n.created_at)
  select coalesce(jsonb_agg(jsonb_build_object(
           'claim', t.claim, 'type', 'security_notice', 'claimed_until', t.claimed_until, 'kind', t.kind,
           'to', u.email, 'locale', coalesce(p.locale, u.raw_user_meta_data ->> 'locale', 'es'))
         order by t.created_at), '[]')
    into notices
    from taken t join auth.users u on u.id = t.user_id left join public.profiles p on p.id = t.user_id;
  return jsonb_set(claimed, '{mails}', (claimed -> 'mails') || notices);
end;
$$;

comment on function public.email_outbox_claim(integer, integer, integer, integer, integer) is
  'Service role only: claims the e-mails due now with a lease of lease_seconds (at most batch_size notifications sent at once, batch_size digests, batch_size contact acknowledgements, batch_size security notices) and returns {lease_seconds, mails: [{claim, type, to, locale, ...}]}. Report each claim to email_outbox_complete.';

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
  notices_sent uuid[];
  notices_failed uuid[];
  settled jsonb;
begin
  sent := coalesce(sent, '{}');
  failed := array(select t from unnest(coalesce(failed, '{}')) t where not (t = any(sent)));
  with held as (
    select n.id, n.claim from private.security_notices n where n.claim = any(sent) for update),
  done as (
    update private.security_notices n set sent_at = now(), claim = null, claimed_until = null
      from held where n.id = held.id
    returning held.claim)
  select coalesce(array_agg(claim), '{}') into notices_sent from done;
  with held as (
    select n.id, n.claim from private.security_notices n where n.claim = any(failed) for update),
  done as (
    update private.security_notices n
       set claim = null, claimed_until = private.email_retry_at(n.attempts, retry_seconds)
      from held where n.id = held.id
    returning held.claim)
  select coalesce(array_agg(claim), '{}') into notices_failed from done;
  -- Checks the arguments (undoing the above when they are wrong), settles everything else, and
  -- names the stale tokens.
  settled := private.email_outbox_complete_notifications(
    array(select t from unnest(sent) t where not (t = any(notices_sent))),
    array(select t from unnest(failed) t where not (t = any(notices_failed))),
    retry_seconds);
  return jsonb_build_object(
    'sent', (settled ->> 'sent')::integer + cardinality(notices_sent),
    'failed', (settled ->> 'failed')::integer + cardinality(notices_failed),
    'stale', settled -> 'stale');
end;
$$;

comment on function public.email_outbox_complete(uuid[], uuid[], integer) is
  'Service role only: records the claims (tokens from email_outbox_claim) whose e-mail was sent, never to be claimed again, and those that failed, held back from retry_seconds (doubling) until max_attempts; returns {sent, failed, stale}, stale being tokens no longer holding their work.';

revoke all on function public.email_outbox_claim(integer, integer, integer, integer, integer),
  public.email_outbox_complete(uuid[], uuid[], integer) from public, anon, authenticated;
grant execute on function public.email_outbox_claim(integer, integer, integer, integer, integer),
  public.email_outbox_complete(uuid[], uuid[], integer) to service_role;
