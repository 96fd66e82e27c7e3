-- Column rules for profile updates made through the API (roles anon and authenticated):
-- only a super_admin changes a role (never their own), only staff move a user to another
-- organization or (de)activate a client, only a super_admin (de)activates staff, and the id,
-- e-mail and creation time never change. Trusted code (the table owner, service_role, the
-- auth triggers) is not restricted. Security invoker on purpose: current_user must be the caller.
create or replace function public.profiles_guard_protected_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;

  if new.id is distinct from old.id or new.created_at is distinct from old.created_at then
    raise exception 'The id and creation time of a profile cannot be changed'
      using errcode = '42501';
  end if;

  if new.email is distinct from old.email then
    raise exception 'The e-mail of a profile follows the account; change it through the auth API'
      using errcode = '42501';
  end if;

  if new.role is distinct from old.role then
    if not public.is_super_admin() then
      raise exception 'Only a super_admin can change the role of a profile'
        using errcode = '42501', hint = 'Ask a super_admin to change it.';
    end if;
    if old.id = auth.uid() then
      raise exception 'A super_admin cannot change their own role'
        using errcode = '42501', hint = 'Another super_admin must do it, so the firm never loses its last one.';
    end if;
  end if;

  if new.organization_id is distinct from old.organization_id and not public.is_admin() then
    raise exception 'Only staff can change the organization of a profile'
      using errcode = '42501';
  end if;

  if new.is_active is distinct from old.is_active then
    if not public.is_admin() then
      raise exception 'Only staff can activate or deactivate an account'
        using errcode = '42501';
    end if;
    if old.role <> 'client' and not public.is_super_admin() then
      raise exception 'Only a super_admin can activate or deactivate a staff account'
        using errcode = '42501';
    end if;
    if old.id = auth.uid() then
      raise exception 'You cannot deactivate your own account'
        using errcode = '42501';
    end if;
  end if;

  return new;
end;
$$;

comment on function public.profiles_guard_protected_columns() is
  'Trigger: rejects API updates of protected profile columns (role, organization_id, is_active, email, id, created_at) by callers without the right.';

revoke execute on function public.profiles_guard_protected_columns() from public, anon, authenticated;

create trigger profiles_guard_protected_columns
  before update on public.profiles
  for each row execute function public.profiles_guard_protected_columns();
