-- Tasks: the to-dos of a project, for staff or for the client (send data, approve a design).
-- Clients read their projects' tasks except internal ones and may only move the status of a
-- task assigned to them; staff manage all.

create table public.tasks (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  title text not null,
  description text,
  status text not null default 'todo',
  priority text not null default 'medium',
  due_date date,
  assigned_to uuid references public.profiles (id) on delete set null,
  is_internal boolean not null default false,
  completed_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint tasks_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint tasks_description_length check (description is null or char_length(description) <= 5000),
  constraint tasks_status_check check (status in ('todo', 'in_progress', 'blocked', 'done')),
  constraint tasks_priority_check check (priority in ('low', 'medium', 'high', 'urgent')),
  constraint tasks_completed_when_done check ((status = 'done') = (completed_at is not null))
);

comment on table public.tasks is
  'To-dos of a project, assigned to staff or to a client of the project''s organization. Internal tasks are staff-only; a client may change only the status of a task assigned to them.';
comment on column public.tasks.is_internal is 'Staff-only task: clients never see it and it cannot be assigned to a client.';
comment on column public.tasks.assigned_to is 'Staff member or client of the project''s organization. Assigning notifies them once.';
comment on column public.tasks.completed_at is 'Set when the status becomes done, cleared when it leaves done.';

create index tasks_project_id_idx on public.tasks (project_id, is_internal);
create index tasks_assigned_to_idx on public.tasks (assigned_to);
create index tasks_due_date_idx on public.tasks (due_date) where status <> 'done';
create index tasks_created_by_idx on public.tasks (created_by);

create trigger tasks_set_updated_at
  before update on public.tasks
  for each row execute function public.set_updated_at();

create or replace function public.tasks_set_completed_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status <> 'done' then
    new.completed_at := null;
  elsif tg_op = 'INSERT' then
    new.completed_at := coalesce(new.completed_at, now());
  elsif old.status <> 'done' then
    new.completed_at := now();
  end if;
  return new;
end;
$$;

comment on function public.tasks_set_completed_at() is 'Trigger: keeps completed_at in step with the done status.';

revoke execute on function public.tasks_set_completed_at() from public, anon, authenticated;

create trigger tasks_set_completed_at
  before insert or update on public.tasks
  for each row execute function public.tasks_set_completed_at();

-- A client may only be given visible work of their own organization.
create or replace function public.tasks_check_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  assignee public.profiles;
  project_organization uuid;
begin
  if new.assigned_to is null then
    return new;
  end if;
  if tg_op = 'UPDATE'
    and new.assigned_to is not distinct from old.assigned_to
    and new.project_id is not distinct from old.project_id
    and new.is_internal is not distinct from old.is_internal then
    return new;
  end if;
  select * into assignee from public.profiles where id = new.assigned_to;
  if assignee.role = 'client' then
    if new.is_internal then
      raise exception 'An internal task cannot be assigned to a client'
        using errcode = '23514', constraint = 'tasks_internal_not_for_clients';
    end if;
    select organization_id into project_organization from public.projects where id = new.project_id;
    if assignee.organization_id is distinct from project_organization then
      raise exception 'A task can only be assigned to a client of the project''s organization'
        using errcode = '23514', constraint = 'tasks_assignee_in_organization';
    end if;
  end if;
  return new;
end;
$$;

comment on function public.tasks_check_assignee() is
  'Trigger: a task assigned to a client must be visible (not internal) and belong to the client''s organization.';

revoke execute on function public.tasks_check_assignee() from public, anon, authenticated;

create trigger tasks_check_assignee
  before insert or update on public.tasks
  for each row execute function public.tasks_check_assignee();

-- Row-level security lets a client update a task assigned to them; this limits the change to its
-- status. Security invoker on purpose: current_user must be the caller.
create or replace function public.tasks_guard_client_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') or public.is_admin() then
    return new;
  end if;
  if (to_jsonb(new) - 'status' - 'updated_at' - 'completed_at') is distinct from
     (to_jsonb(old) - 'status' - 'updated_at' - 'completed_at') then
    raise exception 'Clients can only change the status of a task assigned to them'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function public.tasks_guard_client_update() is
  'Trigger: a client''s update of a task may change its status only.';

revoke execute on function public.tasks_guard_client_update() from public, anon, authenticated;

create trigger tasks_guard_client_update
  before update on public.tasks
  for each row execute function public.tasks_guard_client_update();

alter table public.tasks enable row level security;

revoke all on table public.tasks from public, anon, authenticated;
grant select, insert, update, delete on table public.tasks to authenticated;
grant all on table public.tasks to service_role;

create policy "tasks: clients read non-internal ones, staff all"
  on public.tasks for select to authenticated
  using (
    (not is_internal and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );

create policy "tasks: staff create"
  on public.tasks for insert to authenticated
  with check ((select public.is_admin()));

create policy "tasks: clients update tasks assigned to them, staff update all"
  on public.tasks for update to authenticated
  using (
    (assigned_to = (select auth.uid()) and not is_internal and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  )
  with check (
    (assigned_to = (select auth.uid()) and not is_internal and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );

create policy "tasks: staff delete"
  on public.tasks for delete to authenticated
  using ((select public.is_admin()));
