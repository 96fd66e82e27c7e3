-- What staff need to know about an account that only the auth schema records: whether an
-- invitation was accepted, when the person last signed in, and whether the account is banned.
-- Staff cannot read auth.users through the API, so this security-definer function answers for
-- the accounts they ask about, and only to active staff.
create or replace function public.account_states(user_ids uuid[])
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    raise exception 'Only staff can read the state of accounts'
      using errcode = '42501';
  end if;
  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'id', u.id,
          'invited_at', u.invited_at,
          'confirmed_at', u.email_confirmed_at,
          'last_sign_in_at', u.last_sign_in_at,
          'banned_until', u.banned_until
        )
      )
      from auth.users u
      where u.id = any (user_ids)
    ),
    '[]'::jsonb
  );
end
$$;

comment on function public.account_states(uuid[]) is
  'For staff: invitation, confirmation, last sign-in and ban of the given accounts, as a JSON array.';

revoke execute on function public.account_states(uuid[]) from public, anon;
grant execute on function public.account_states(uuid[]) to authenticated, service_role;
