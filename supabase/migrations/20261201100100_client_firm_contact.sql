-- A client's contact at the firm (issue 23, item 5): the staff member who invited them. The
-- portal's first visit names them ("Your contact at Cauce Data is ...") instead of showing empty
-- boxes. The admin-users function records the inviter when it invites (it runs as the service
-- role); staff may change the contact later; a client may not.

alter table public.profiles
  add column invited_by uuid references public.profiles (id) on delete set null;

comment on column public.profiles.invited_by is
  'The staff member who invited this person, their contact at the firm. Set by the invitation (service role); staff may change it, the person may not.';

create index profiles_invited_by_idx on public.profiles (invited_by);

-- Only staff (or trusted code) set or change the contact. Security invoker on purpose, as the
-- other column guard: current_user must be the caller.
create or replace function public.profiles_guard_invited_by()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated')
    and new.invited_by is distinct from old.invited_by
    and not public.is_admin() then
    raise exception 'Only staff can change who a person''s contact at the firm is'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function public.profiles_guard_invited_by() is
  'Trigger: only staff (or trusted code) change profiles.invited_by.';

create trigger profiles_guard_invited_by
  before update of invited_by on public.profiles
  for each row execute function public.profiles_guard_invited_by();

-- The caller's contact at the firm: the name and e-mail of the active staff member who invited
-- them, or no row (then the portal names the firm). A client may not read staff profiles, so this
-- answers that one person's name and address and nothing else.
create or replace function public.my_firm_contact()
returns table (full_name text, email text)
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(nullif(btrim(staff.full_name), ''), staff.email), staff.email
  from public.profiles me
  join public.profiles staff on staff.id = me.invited_by
  where me.id = (select auth.uid())
    and staff.role in ('admin', 'super_admin')
    and staff.is_active
$$;

comment on function public.my_firm_contact() is
  'The calling person''s contact at the firm (the active staff member who invited them): name and e-mail, or no row.';

revoke all on function public.my_firm_contact() from public, anon;
grant execute on function public.my_firm_contact() to authenticated, service_role;
