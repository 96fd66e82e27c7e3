-- Leaving a preview is recorded once (decision 0022). The admin page that records the leaving may
-- ask twice (a second tab, a reload, React running its effect again); only the call that closes
-- an open preview writes `view_as_end`, and a call with none open still succeeds, writing nothing.

create or replace function public.end_view_as(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  person public.profiles;
  closed integer;
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
  get diagnostics closed = row_count;
  if closed = 0 then
    return;
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
