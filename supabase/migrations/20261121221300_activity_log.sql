-- The audit trail: one row for every create, update and delete of projects, documents, reports,
-- metrics and tasks, and for changes of a user's role, organization or active state. Written only
-- by the security-definer triggers below, append-only for everyone (even the owner). Clients read
-- the non-internal activity of their own projects; staff read all.

create table public.activity_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  organization_id uuid,
  project_id uuid,
  entity_type text not null,
  entity_id uuid not null,
  action text not null,
  summary jsonb not null default '{}'::jsonb,
  is_internal boolean not null default true,
  constraint activity_log_entity_type_check check (entity_type in ('project', 'document', 'report', 'analytics_metric', 'task', 'profile')),
  constraint activity_log_action_check check (action in ('create', 'update', 'delete')),
  constraint activity_log_summary_small check (jsonb_typeof(summary) = 'object' and octet_length(summary::text) <= 4000)
);

comment on table public.activity_log is
  'Append-only audit trail written by triggers: who (actor_id = auth.uid()) did what (action) to which entity, in which organization and project, with a small JSON summary. Clients read the non-internal activity of their projects; staff read all; nobody updates or deletes.';
comment on column public.activity_log.actor_id is 'auth.uid() of the caller; null for system and seed changes. No foreign key: the trail outlives users.';
comment on column public.activity_log.project_id is 'No foreign key: the trail outlives deleted projects.';
comment on column public.activity_log.summary is 'Small JSON: title, status, changed columns, previous status or role.';
comment on column public.activity_log.is_internal is 'Staff-only entry (hidden project, document, metric, draft report, internal task, user administration).';

create index activity_log_project_id_idx on public.activity_log (project_id, is_internal, occurred_at desc);
create index activity_log_organization_id_idx on public.activity_log (organization_id, occurred_at desc);
create index activity_log_entity_idx on public.activity_log (entity_type, entity_id);
create index activity_log_actor_id_idx on public.activity_log (actor_id);
create index activity_log_occurred_at_idx on public.activity_log (occurred_at desc);

create or replace function public.activity_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'activity_log is append-only: rows cannot be updated or deleted'
    using errcode = '42501';
end;
$$;

comment on function public.activity_log_append_only() is 'Trigger: rejects every update, delete and truncate of activity_log.';

revoke execute on function public.activity_log_append_only() from public, anon, authenticated;

create trigger activity_log_append_only
  before update or delete on public.activity_log
  for each row execute function public.activity_log_append_only();

create trigger activity_log_no_truncate
  before truncate on public.activity_log
  for each statement execute function public.activity_log_append_only();

-- tg_argv[0] names the entity. Updates that change nothing but updated_at are not logged.
create or replace function public.log_activity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  entity text := tg_argv[0];
  row_after jsonb := case when tg_op = 'DELETE' then null else to_jsonb(new) end;
  row_before jsonb := case when tg_op = 'INSERT' then null else to_jsonb(old) end;
  subject jsonb := coalesce(row_after, row_before);
  changed text[];
  entry_summary jsonb;
  entry_project uuid;
  entry_organization uuid;
  entry_internal boolean;
begin
  if tg_op = 'UPDATE' then
    select coalesce(array_agg(a.key order by a.key), '{}') into changed
    from jsonb_each(row_after) a
    where a.key <> 'updated_at' and a.value is distinct from row_before -> a.key;
    if cardinality(changed) = 0 then
      return null;
    end if;
  end if;

  if entity = 'project' then
    entry_project := (subject ->> 'id')::uuid;
    entry_organization := (subject ->> 'organization_id')::uuid;
  else
    entry_project := (subject ->> 'project_id')::uuid;
    select p.organization_id into entry_organization from public.projects p where p.id = entry_project;
  end if;

  entry_internal := case entity
    when 'report' then subject ->> 'status' <> 'published'
    when 'task' then (subject ->> 'is_internal')::boolean
    else not (subject ->> 'visible_to_client')::boolean
  end;

  entry_summary := jsonb_strip_nulls(jsonb_build_object(
    'title', left(coalesce(subject ->> 'name', subject ->> 'title', subject ->> 'metric_key'), 200),
    'status', subject ->> 'status',
    'period_start', subject ->> 'period_start',
    'changed', to_jsonb(changed),
    'previous_status', case when 'status' = any(changed) then row_before ->> 'status' end
  ));

  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), entry_organization, entry_project, entity, (subject ->> 'id')::uuid,
    case tg_op when 'INSERT' then 'create' when 'UPDATE' then 'update' else 'delete' end,
    entry_summary, coalesce(entry_internal, true)
  );
  return null;
end;
$$;

comment on function public.log_activity() is
  'Trigger: appends the create/update/delete of a project, document, report, metric or task to activity_log.';

revoke execute on function public.log_activity() from public, anon, authenticated;

create trigger projects_log_activity
  after insert or update or delete on public.projects
  for each row execute function public.log_activity('project');
create trigger documents_log_activity
  after insert or update or delete on public.documents
  for each row execute function public.log_activity('document');
create trigger reports_log_activity
  after insert or update or delete on public.reports
  for each row execute function public.log_activity('report');
create trigger analytics_metrics_log_activity
  after insert or update or delete on public.analytics_metrics
  for each row execute function public.log_activity('analytics_metric');
create trigger tasks_log_activity
  after insert or update or delete on public.tasks
  for each row execute function public.log_activity('task');

-- User administration is audited too, as staff-only entries.
create or replace function public.log_profile_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed text[] := array_remove(array[
    case when new.role is distinct from old.role then 'role' end,
    case when new.organization_id is distinct from old.organization_id then 'organization_id' end,
    case when new.is_active is distinct from old.is_active then 'is_active' end
  ], null);
begin
  if cardinality(changed) = 0 then
    return null;
  end if;
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), coalesce(new.organization_id, old.organization_id), null, 'profile', new.id, 'update',
    jsonb_strip_nulls(jsonb_build_object(
      'title', left(new.full_name, 200),
      'changed', to_jsonb(changed),
      'role', new.role,
      'previous_role', case when 'role' = any(changed) then old.role end,
      'previous_organization_id', case when 'organization_id' = any(changed) then old.organization_id end,
      'is_active', new.is_active
    )),
    true
  );
  return null;
end;
$$;

comment on function public.log_profile_change() is
  'Trigger: appends changes of a user''s role, organization or active state to activity_log (staff-only).';

revoke execute on function public.log_profile_change() from public, anon, authenticated;

create trigger profiles_log_changes
  after update of role, organization_id, is_active on public.profiles
  for each row execute function public.log_profile_change();

alter table public.activity_log enable row level security;

-- Read-only for every API role; rows arrive only through the triggers above.
revoke all on table public.activity_log from public, anon, authenticated, service_role;
grant select on table public.activity_log to authenticated, service_role;

create policy "activity_log: clients read non-internal entries, staff all"
  on public.activity_log for select to authenticated
  using (
    (not is_internal and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );
