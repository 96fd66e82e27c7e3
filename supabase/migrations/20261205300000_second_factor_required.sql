-- A second factor made mandatory (issue 25, decision 0037): for staff by one setting (on unless a
-- project turns it off; the development seed does), for a given account by an operator's list,
-- and for the clients of an organization by that organization's switch. When it applies, the role
-- helpers grant nothing to an aal1 session: a stolen password alone opens no staff power and no
-- client data, on Supabase as on our server. The own profile stays readable (it goes through
-- mfa_satisfied(), unchanged), so the app can tell who is signed in and ask them to enrol.

create table public.security_settings (
  id boolean primary key default true check (id),
  staff_second_factor_required boolean not null default true,
  updated_at timestamptz not null default now()
);

comment on table public.security_settings is
  'The project''s security switches, one row. Staff read it; changed with SQL or the service role only.';
comment on column public.security_settings.staff_second_factor_required is
  'When true, staff (admin, super_admin) hold no staff rights without an aal2 session.';

insert into public.security_settings (id) values (true);

alter table public.security_settings enable row level security;
revoke all on table public.security_settings from public, anon, authenticated;
grant select on table public.security_settings to authenticated;
grant select, update on table public.security_settings to service_role;

create policy "security settings: staff read them"
  on public.security_settings for select to authenticated
  using ((select public.is_admin()));

create trigger security_settings_set_updated_at
  before update on public.security_settings
  for each row execute function public.set_updated_at();

-- Accounts that must use a second factor whatever the settings say: an operator's way to require
-- it person by person (ahead of the global switch, or for a client in an organization that does
-- not require it), and what lets a test require it of one fresh account without touching others.
create table public.second_factor_required_accounts (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

comment on table public.second_factor_required_accounts is
  'Accounts that hold no role rights without an aal2 session, whatever the other switches say. Each person reads their own row; the service role writes.';

alter table public.second_factor_required_accounts enable row level security;
revoke all on table public.second_factor_required_accounts from public, anon, authenticated;
grant select on table public.second_factor_required_accounts to authenticated;
grant select, insert, delete on table public.second_factor_required_accounts to service_role;

create policy "second factor required accounts: each person reads their own"
  on public.second_factor_required_accounts for select to authenticated
  using (user_id = (select auth.uid()));

alter table public.organizations
  add column second_factor_required boolean not null default false;

comment on column public.organizations.second_factor_required is
  'When true, the organization''s clients see none of its data without an aal2 session. Staff set it.';

-- Whether the caller must hold an aal2 session for their role's rights.
create or replace function private.second_factor_required()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  caller public.profiles%rowtype;
begin
  select * into caller from public.profiles p where p.id = auth.uid();
  if not found then
    return false;
  end if;
  if exists (select 1 from public.second_factor_required_accounts a where a.user_id = caller.id) then
    return true;
  end if;
  if caller.role in ('admin', 'super_admin') then
    return coalesce((select s.staff_second_factor_required from public.security_settings s), true);
  end if;
  return coalesce(
    (select o.second_factor_required from public.organizations o where o.id = caller.organization_id),
    false
  );
end
$$;

comment on function private.second_factor_required() is
  'True when the caller''s role rights need an aal2 session: staff under the staff setting, clients of an organization that requires it, and listed accounts.';

-- The role helpers' extra condition. A staff preview's token carries aal2 (the staff member
-- passed their own factor to open it), so previews are unaffected.
create or replace function private.second_factor_met()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' or not private.second_factor_required();
end
$$;

revoke execute on function private.second_factor_required(), private.second_factor_met()
  from public, anon, authenticated, service_role;

create or replace function public.has_role(required_role text)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
      select 1 from public.profiles p
      where p.id = auth.uid() and p.role = required_role and p.is_active
    )
    and public.mfa_satisfied()
    and private.second_factor_met();
end
$$;

create or replace function public.is_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return exists (
      select 1 from public.profiles p
      where p.id = auth.uid() and p.role in ('admin', 'super_admin') and p.is_active
    )
    and public.mfa_satisfied()
    and private.second_factor_met();
end
$$;

create or replace function public.current_client_organization_id()
returns uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  organization uuid;
begin
  select p.organization_id into organization
  from public.profiles p
  where p.id = auth.uid() and p.role = 'client' and p.is_active;
  if organization is null or not public.mfa_satisfied() or not private.second_factor_met() then
    return null;
  end if;
  return organization;
end
$$;

-- What the app asks before it opens an area: 'none' (nothing required), 'met' (required and this
-- session is aal2), 'verify' (required; a verified factor exists, so the second sign-in step) or
-- 'enrol' (required and there is no verified factor yet). Anonymous callers get 'none'.
create or replace function public.second_factor_requirement()
returns text
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if auth.uid() is null or not private.second_factor_required() then
    return 'none';
  end if;
  if coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then
    return 'met';
  end if;
  if exists (select 1 from auth.mfa_factors f where f.user_id = auth.uid() and f.status = 'verified') then
    return 'verify';
  end if;
  return 'enrol';
end
$$;

comment on function public.second_factor_requirement() is
  'The caller''s second-factor requirement: none, met (aal2), verify (a factor exists, session aal1) or enrol (no factor yet).';

revoke execute on function public.second_factor_requirement() from public;
grant execute on function public.second_factor_requirement() to anon, authenticated, service_role;
