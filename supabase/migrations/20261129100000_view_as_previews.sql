-- Leaving a preview ends it (decision 0022). Each preview a staff member opens is a row of its own,
-- tied to the staff session it was opened from; its token names the row (`view_as_id`), and a
-- token stands only while its row is open, has not reached its end and the staff session still
-- exists. `end_view_as` closes the caller's open previews of that client, so the token stops
-- working as soon as a signed-out session's would, not 20 minutes later.

create table private.view_as_previews (
  id uuid primary key default gen_random_uuid(),
  staff_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null references auth.users (id) on delete cascade,
  session_id uuid not null,
  started_at timestamptz not null default now(),
  ends_at timestamptz not null,
  ended_at timestamptz
);

comment on table private.view_as_previews is
  'Staff previews of a client''s portal (view as client): open while ended_at is null and ends_at is ahead, and while the staff session exists.';

create index view_as_previews_open on private.view_as_previews (staff_id, client_id) where ended_at is null;

-- Entering: as before, and the preview's own row, whose id the token carries.
create or replace function public.start_view_as(target uuid, ends_at timestamptz)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.profiles := public.view_as_target(target);
  organization_name text;
  staff_session uuid;
  preview uuid;
begin
  staff_session := nullif(auth.jwt() ->> 'session_id', '')::uuid;
  if staff_session is null then
    raise exception 'a preview is opened from a staff session' using errcode = '42501';
  end if;
  select o.name into organization_name from public.organizations o where o.id = person.organization_id;
  insert into private.view_as_previews (staff_id, client_id, session_id, ends_at)
  values (auth.uid(), person.id, staff_session, start_view_as.ends_at)
  returning id into preview;
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
    'organization_name', organization_name,
    'preview_id', preview
  );
end;
$$;

-- Leaving: as before, and every open preview of this client by the caller ends now.
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
  update private.view_as_previews v set ended_at = now()
  where v.staff_id = auth.uid() and v.client_id = target and v.ended_at is null;
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), person.organization_id, null, 'profile', person.id, 'view_as_end',
    jsonb_build_object('title', left(person.full_name, 200)),
    true
  );
end;
$$;
