-- Projects: the work the firm does for a client organization, in one of its services or
-- specializations. Clients see their organization's projects unless staff keep one hidden
-- (e.g. while it is still being scoped); staff manage all.

create table public.projects (
  id uuid primary key default gen_random_uuid(),
  organization_id uuid not null references public.organizations (id) on delete restrict,
  name text not null,
  description text,
  service text not null,
  status text not null default 'planning',
  progress smallint not null default 0,
  start_date date,
  due_date date,
  completed_on date,
  visible_to_client boolean not null default true,
  manager_id uuid references public.profiles (id) on delete set null,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint projects_name_length check (char_length(btrim(name)) between 1 and 200),
  constraint projects_description_length check (description is null or char_length(description) <= 5000),
  constraint projects_service_check check (service in (
    'business-intelligence', 'data-architecture', 'data-engineering', 'governance',
    'financial-intelligence', 'customer-intelligence'
  )),
  constraint projects_status_check check (status in ('planning', 'in_progress', 'on_hold', 'completed', 'cancelled')),
  constraint projects_progress_range check (progress between 0 and 100),
  constraint projects_completed_is_full check (status <> 'completed' or progress = 100),
  constraint projects_due_after_start check (due_date is null or start_date is null or due_date >= start_date),
  constraint projects_completed_after_start check (completed_on is null or start_date is null or completed_on >= start_date)
);

comment on table public.projects is
  'Engagements of the firm for one client organization: service, status, progress 0-100 and dates. Clients read their organization''s projects that are visible_to_client; staff manage all.';
comment on column public.projects.service is 'Service or specialization slug, as in the site''s URLs (business-intelligence, data-architecture, data-engineering, governance, financial-intelligence, customer-intelligence).';
comment on column public.projects.progress is 'Percentage complete, 0-100; 100 when completed.';
comment on column public.projects.visible_to_client is 'False while staff prepare the project: the client sees neither it nor anything in it.';
comment on column public.projects.manager_id is 'The staff member who leads the project.';

create index projects_organization_id_idx on public.projects (organization_id, visible_to_client);
create index projects_manager_id_idx on public.projects (manager_id);
create index projects_created_by_idx on public.projects (created_by);
create index projects_status_idx on public.projects (status);

create trigger projects_set_updated_at
  before update on public.projects
  for each row execute function public.set_updated_at();

-- The projects a client may see, computed once per statement: policies on documents, reports,
-- metrics, tasks, activity and storage test `project_id in (select public.client_project_ids())`.
create or replace function public.client_project_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select pr.id
  from public.projects pr
  where pr.organization_id = public.current_client_organization_id()
    and pr.visible_to_client
$$;

comment on function public.client_project_ids() is
  'Ids of the visible projects of the calling client''s organization; empty for everyone else.';

revoke execute on function public.client_project_ids() from public;
grant execute on function public.client_project_ids() to anon, authenticated, service_role;

alter table public.projects enable row level security;

revoke all on table public.projects from public, anon, authenticated;
grant select, insert, update, delete on table public.projects to authenticated;
grant all on table public.projects to service_role;

create policy "projects: clients read their visible ones, staff all"
  on public.projects for select to authenticated
  using (id in (select public.client_project_ids()) or (select public.is_admin()));

create policy "projects: staff create"
  on public.projects for insert to authenticated
  with check ((select public.is_admin()));

create policy "projects: staff update"
  on public.projects for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "projects: staff delete"
  on public.projects for delete to authenticated
  using ((select public.is_admin()));
