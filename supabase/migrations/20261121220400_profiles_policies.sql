-- Who may see and change profiles: everyone reads and edits their own, staff read and edit all,
-- only a super_admin creates or deletes one. Which columns may change is decided by the trigger in
-- the next migration: row-level security cannot restrict columns.
alter table public.profiles enable row level security;

revoke all on table public.profiles from public, anon, authenticated;
grant select, insert, update, delete on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

create policy "profiles: users read their own, staff read all"
  on public.profiles for select to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()));

create policy "profiles: super_admin creates"
  on public.profiles for insert to authenticated
  with check ((select public.is_super_admin()));

create policy "profiles: users update their own, staff update all"
  on public.profiles for update to authenticated
  using (id = (select auth.uid()) or (select public.is_admin()))
  with check (id = (select auth.uid()) or (select public.is_admin()));

create policy "profiles: super_admin deletes"
  on public.profiles for delete to authenticated
  using ((select public.is_super_admin()));
