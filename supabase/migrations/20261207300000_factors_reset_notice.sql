-- When staff remove the second factors of a client who lost their authenticator (the admin-users
-- function, then record_mfa_reset), the owner is told by e-mail. Supabase Auth sends no notice when
-- an admin deletes a factor, so the notice cannot come from Auth: record_mfa_reset queues it among
-- the security notices that the e-mail outbox sends (send-notifications, decision 0028), one per
-- removed factor with the name its owner gave it. On Supabase and on our server alike.

alter table private.security_notices drop constraint security_notices_kind;
alter table private.security_notices add constraint security_notices_kind
  check (kind in ('failed_sign_ins', 'failed_codes', 'factors_reset_by_staff'));
alter table private.security_notices add column factor_name text
  constraint security_notices_factor_name_length check (char_length(factor_name) <= 200);
comment on column private.security_notices.factor_name is
  'For factors_reset_by_staff: the removed factor''s name as its owner gave it (none when unnamed).';

-- The claim names the factor, for the notice's text.
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
    returning n.claim, n.claimed_until, n.kind, n.factor_name, n.user_id, n.created_at)
  select coalesce(jsonb_agg(jsonb_build_object(
           'claim', t.claim, 'type', 'security_notice', 'claimed_until', t.claimed_until, 'kind', t.kind,
           'factor_name', t.factor_name,
           'to', u.email, 'locale', coalesce(p.locale, u.raw_user_meta_data ->> 'locale', 'es'))
         order by t.created_at), '[]')
    into notices
    from taken t join auth.users u on u.id = t.user_id left join public.profiles p on p.id = t.user_id;
  return jsonb_set(claimed, '{mails}', (claimed -> 'mails') || notices);
end;
$$;

comment on function public.email_outbox_claim(integer, integer, integer, integer, integer) is
  'Service role only: claims the e-mails due now with a lease of lease_seconds (at most batch_size notifications sent at once, batch_size digests, batch_size contact acknowledgements, batch_size security notices) and returns {lease_seconds, mails: [{claim, type, to, locale, ...}]}. Report each claim to email_outbox_complete.';

-- The factors' names join the reset's record; the two-argument form goes.
drop function public.record_mfa_reset(uuid, integer);

create function public.record_mfa_reset(target_user uuid, removed_factors integer, factor_names text[] default '{}')
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target public.profiles;
begin
  if not public.is_admin() then
    raise exception 'only staff can record a two-step verification reset' using errcode = '42501';
  end if;
  select * into target from public.profiles p where p.id = target_user;
  if not found or target.role <> 'client' then
    raise exception 'only a client''s two-step verification can be reset' using errcode = '42501';
  end if;
  if removed_factors is null or removed_factors < 1 or removed_factors > 100 then
    raise exception 'removed_factors must be between 1 and 100' using errcode = '22023';
  end if;
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), target.organization_id, null, 'profile', target.id, 'update',
    jsonb_build_object('title', left(target.full_name, 200), 'changed', jsonb_build_array('mfa_factors'),
                       'removed_factors', removed_factors),
    true
  );
  -- The owner is told, once per removed factor by the name they gave it (one unnamed notice when
  -- the caller names none); the e-mail outbox sends it in their language.
  insert into private.security_notices (user_id, kind, factor_name)
  select target.id, 'factors_reset_by_staff', nullif(left(btrim(name), 200), '')
    from unnest(case when coalesce(cardinality(factor_names), 0) = 0 then array[null::text]
                     else factor_names[1:removed_factors] end) as name;
end;
$$;

comment on function public.record_mfa_reset(uuid, integer, text[]) is
  'Appends "staff removed the second factors of this client" to activity_log and queues the owner''s notice (one per named factor); callable by active staff only.';

revoke execute on function public.record_mfa_reset(uuid, integer, text[]) from public, anon;
grant execute on function public.record_mfa_reset(uuid, integer, text[]) to authenticated;
