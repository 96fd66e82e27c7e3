-- The role helpers again, same names, same answers, now in PL/pgSQL. Every policy calls them, and
-- a security-definer SQL function can be neither inlined nor plan-cached: PostgreSQL re-plans its
-- body on every call, which cost most of a REST request's time. PL/pgSQL keeps each statement's
-- plan for the session. Their grants are kept by `create or replace`.

create or replace function public.mfa_satisfied()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2' then
    return true;
  end if;
  return not exists (
    select 1 from auth.mfa_factors f
    where f.user_id = auth.uid() and f.status = 'verified'
  );
end
$$;

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
    and public.mfa_satisfied();
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
    and public.mfa_satisfied();
end
$$;

create or replace function public.is_super_admin()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return public.has_role('super_admin');
end
$$;

create or replace function public.is_client()
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return public.has_role('client');
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
  if organization is null or not public.mfa_satisfied() then
    return null;
  end if;
  return organization;
end
$$;

create or replace function public.client_project_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return query
    select pr.id
    from public.projects pr
    where pr.organization_id = public.current_client_organization_id()
      and pr.visible_to_client;
end
$$;
