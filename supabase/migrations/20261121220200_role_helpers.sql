-- The authorization vocabulary every policy speaks: is the caller an (active) client, admin or
-- super_admin, and which organization does a client belong to. Security definer, so policies can
-- read profiles without recursing into the profiles policies; search_path is empty and every
-- name is qualified, so a caller cannot shadow a table or function.
--
-- A user who has enrolled a verified TOTP factor only gets the rights of their role with an aal2
-- session: a stolen password alone opens nothing.

create or replace function public.mfa_satisfied()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(auth.jwt() ->> 'aal', 'aal1') = 'aal2'
    or not exists (
      select 1 from auth.mfa_factors f
      where f.user_id = auth.uid() and f.status = 'verified'
    )
$$;

comment on function public.mfa_satisfied() is
  'True when the caller has no verified MFA factor, or the session is aal2.';

create or replace function public.has_role(required_role text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
      select 1 from public.profiles p
      where p.id = auth.uid() and p.role = required_role and p.is_active
    )
    and public.mfa_satisfied()
$$;

comment on function public.has_role(text) is
  'True when the caller is an active user with exactly this role (client, admin or super_admin).';

create or replace function public.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
      select 1 from public.profiles p
      where p.id = auth.uid() and p.role in ('admin', 'super_admin') and p.is_active
    )
    and public.mfa_satisfied()
$$;

comment on function public.is_admin() is 'True for active staff: admin or super_admin (both count as admin).';

create or replace function public.is_super_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.has_role('super_admin')
$$;

comment on function public.is_super_admin() is 'True for an active super_admin, the only role that changes roles.';

create or replace function public.is_client()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select public.has_role('client')
$$;

comment on function public.is_client() is 'True for an active portal client.';

create or replace function public.current_client_organization_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.organization_id
  from public.profiles p
  where p.id = auth.uid() and p.role = 'client' and p.is_active and public.mfa_satisfied()
$$;

comment on function public.current_client_organization_id() is
  'The organization of the calling client; null for staff, anonymous callers and clients without one.';

revoke execute on function public.mfa_satisfied(), public.has_role(text), public.is_admin(), public.is_super_admin(),
  public.is_client(), public.current_client_organization_id() from public;
grant execute on function public.mfa_satisfied(), public.has_role(text), public.is_admin(), public.is_super_admin(),
  public.is_client(), public.current_client_organization_id() to anon, authenticated, service_role;
