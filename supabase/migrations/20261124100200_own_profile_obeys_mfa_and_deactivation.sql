-- The own-profile exceptions end: a user reads and edits their own profile only while the account
-- is active and, when it has a verified second factor, from an aal2 session, like every other
-- table. Before, an aal1 session (password only) of an account with a factor, or a deactivated
-- account's leftover token, could still read the profile (e-mail, phone, organization) and change
-- the name, phone and language. The site never needs either: it loads the profile only after the
-- second factor, and a deactivated account cannot sign in. Staff keep their rights (is_admin()
-- already requires both).

drop policy "profiles: users read their own, staff read all" on public.profiles;
create policy "profiles: active users read their own at aal2, staff all"
  on public.profiles for select to authenticated
  using (
    (id = (select auth.uid()) and is_active and (select public.mfa_satisfied()))
    or (select public.is_admin())
  );

drop policy "profiles: users update their own, staff update all" on public.profiles;
create policy "profiles: active users update their own at aal2, staff all"
  on public.profiles for update to authenticated
  using (
    (id = (select auth.uid()) and is_active and (select public.mfa_satisfied()))
    or (select public.is_admin())
  )
  with check (
    (id = (select auth.uid()) and is_active and (select public.mfa_satisfied()))
    or (select public.is_admin())
  );
