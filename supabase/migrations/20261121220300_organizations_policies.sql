-- Who may see and change client organizations: a client reads their own, staff manage all.
alter table public.organizations enable row level security;

-- Every table starts from no privileges and gets exactly what its policies need: older hosted
-- projects grant everything by default, newer ones nothing, and both must behave the same.
revoke all on table public.organizations from public, anon, authenticated;
grant select, insert, update, delete on table public.organizations to authenticated;
grant all on table public.organizations to service_role;

create policy "organizations: clients read their own, staff read all"
  on public.organizations for select to authenticated
  using (id = (select public.current_client_organization_id()) or (select public.is_admin()));

create policy "organizations: staff create"
  on public.organizations for insert to authenticated
  with check ((select public.is_admin()));

create policy "organizations: staff update"
  on public.organizations for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "organizations: staff delete"
  on public.organizations for delete to authenticated
  using ((select public.is_admin()));
