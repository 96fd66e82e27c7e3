-- Staff may remove a client's second factors when the client has lost their authenticator (the
-- admin-users Edge Function does it through the auth admin API). That is a security event, so it
-- goes into the activity log like every other change to an account: a staff-only entry naming
-- who did it. activity_log is written only by security-definer code; this function is the one
-- door for this event and checks the caller itself.

create or replace function public.record_mfa_reset(target_user uuid, removed_factors integer)
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
end;
$$;

comment on function public.record_mfa_reset(uuid, integer) is
  'Appends "staff removed the second factors of this client" to activity_log; callable by active staff only.';

revoke execute on function public.record_mfa_reset(uuid, integer) from public, anon;
grant execute on function public.record_mfa_reset(uuid, integer) to authenticated;
