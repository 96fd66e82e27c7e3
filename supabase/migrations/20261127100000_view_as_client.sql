-- "View as client" (decision 0022): staff open a read-only preview of the portal as one client
-- user. The auth server mints a short-lived access token for the client carrying
-- `view_as: <staff id>`; every API transaction of such a token is read-only (the server sets
-- `transaction_read_only`), so no table, function or trigger can write for it. This file adds the
-- SQL side: the helper policies can ask, the two entries of the activity log, and the two doors
-- that write them, each checking the caller itself.

create or replace function public.is_view_as()
returns boolean
language sql
stable
set search_path = ''
as $$
  select nullif(auth.jwt() ->> 'view_as', '') is not null
$$;

comment on function public.is_view_as() is
  'True when the request comes from a staff member''s read-only preview of a client''s portal (JWT claim view_as).';

grant execute on function public.is_view_as() to anon, authenticated, service_role;

-- Belt and braces for the one write the server decides by a policy: realtime presence and
-- broadcast on private channels. A preview never counts as the client's presence.
create policy "previews send nothing"
  on realtime.messages as restrictive for insert to authenticated
  with check (not public.is_view_as());

alter table public.activity_log drop constraint activity_log_action_check;
alter table public.activity_log add constraint activity_log_action_check check (
  action in ('create', 'update', 'delete', 'view_as_start', 'view_as_end')
);

-- The client user a staff member may preview: an active client of an organization. Anything
-- else (staff, inactive, unknown) is the same "no such client" to the caller.
create or replace function public.view_as_target(target uuid)
returns public.profiles
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  found_profile public.profiles;
begin
  if public.is_view_as() or not public.is_admin() then
    raise exception 'only staff can view the portal as a client' using errcode = '42501';
  end if;
  select p.* into found_profile
  from public.profiles p
  join auth.users u on u.id = p.id
  where p.id = target and p.role = 'client' and p.is_active and p.organization_id is not null
    and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now());
  if not found then
    raise exception 'no active client user with this id' using errcode = 'P0002';
  end if;
  return found_profile;
end;
$$;

revoke execute on function public.view_as_target(uuid) from public, anon, authenticated;

-- Entering: checks the caller and the target, records the entry, returns what the banner shows.
create or replace function public.start_view_as(target uuid, ends_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.profiles := public.view_as_target(target);
  organization_name text;
begin
  select o.name into organization_name from public.organizations o where o.id = person.organization_id;
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), person.organization_id, null, 'profile', person.id, 'view_as_start',
    jsonb_build_object('title', left(person.full_name, 200), 'ends_at', ends_at),
    true
  );
  return jsonb_build_object(
    'user_id', person.id,
    'full_name', person.full_name,
    'organization_id', person.organization_id,
    'organization_name', organization_name
  );
end;
$$;

comment on function public.start_view_as(uuid, timestamptz) is
  'Staff only: records "started viewing the portal as this client" (staff-only entry) and returns the client''s name and organization. Called by the auth server before it mints the preview token.';

revoke execute on function public.start_view_as(uuid, timestamptz) from public, anon;
grant execute on function public.start_view_as(uuid, timestamptz) to authenticated;

-- Leaving: recorded by the staff member's own session (the preview token may have expired).
create or replace function public.end_view_as(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.profiles;
begin
  if public.is_view_as() or not public.is_admin() then
    raise exception 'only staff can view the portal as a client' using errcode = '42501';
  end if;
  select p.* into person from public.profiles p where p.id = target and p.role = 'client';
  if not found then
    raise exception 'no active client user with this id' using errcode = 'P0002';
  end if;
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), person.organization_id, null, 'profile', person.id, 'view_as_end',
    jsonb_build_object('title', left(person.full_name, 200)),
    true
  );
end;
$$;

comment on function public.end_view_as(uuid) is
  'Staff only: records "stopped viewing the portal as this client" (staff-only entry).';

revoke execute on function public.end_view_as(uuid) from public, anon;
grant execute on function public.end_view_as(uuid) to authenticated;
