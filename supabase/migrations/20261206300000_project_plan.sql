-- A project's plan (issue 25, item 2; decision 0040): its phases (dates, status, planned hours
-- and/or budget, order), its milestones (due date, reached or not) and the time staff record
-- against each phase. Staff write all of it. Clients of the project's organization read the
-- phases and milestones, and the hours and budget used per phase and day through
-- public.plan_usage(), never the individual time entries (who logged what is the firm's business;
-- what the plan has consumed is the client's). Other organizations and visitors read nothing.
--
-- A project with a plan has its progress derived from it (private.plan_progress): each phase
-- weighs its planned hours (or the same as the others when a phase has none); a done phase counts
-- whole, a phase in progress counts the share of its planned hours (or budget) used, at most 90%,
-- since only staff marking it done finishes it; a planned phase counts nothing. The typed
-- progress becomes an override: staff typing another value sets projects.progress_overridden,
-- which the pages show, and clearing it brings the plan's value back. projects.progress stays the
-- one column every page reads, kept up to date by the triggers below.

-- ─── Phases ───────────────────────────────────────────────────────────────────────────────────

create table public.plan_phases (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  title text not null,
  start_date date not null,
  end_date date not null,
  status text not null default 'planned',
  planned_hours numeric(8, 2),
  planned_budget numeric(12, 2),
  position integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint plan_phases_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint plan_phases_status_check check (status in ('planned', 'in_progress', 'done')),
  constraint plan_phases_dates check (end_date >= start_date),
  constraint plan_phases_date_range check (start_date >= date '2000-01-01' and end_date <= date '2100-12-31'),
  constraint plan_phases_planned_hours check (planned_hours is null or (planned_hours > 0 and planned_hours <= 100000)),
  constraint plan_phases_planned_budget check (planned_budget is null or (planned_budget > 0 and planned_budget <= 100000000)),
  constraint plan_phases_position check (position between 0 and 10000)
);

comment on table public.plan_phases is
  'Phases of a project''s plan: dates, status, planned hours and/or budget, order. Staff write; clients of the project''s organization read those of their visible projects.';
comment on column public.plan_phases.status is 'planned, in_progress or done; a done phase counts whole in the derived progress.';
comment on column public.plan_phases.planned_hours is 'Hours planned for the phase; the 80% and 100% notices compare the hours recorded with it.';
comment on column public.plan_phases.planned_budget is 'Budget planned for the phase, in euros; compared with the amounts (hours × rate) recorded.';
comment on column public.plan_phases.position is 'Order of the phase in the plan (ascending), then its start date.';

create index plan_phases_project_id_idx on public.plan_phases (project_id, position);

create trigger plan_phases_set_updated_at
  before update on public.plan_phases
  for each row execute function public.set_updated_at();

-- ─── Milestones ───────────────────────────────────────────────────────────────────────────────

create table public.plan_milestones (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  phase_id uuid references public.plan_phases (id) on delete set null,
  title text not null,
  due_date date not null,
  status text not null default 'pending',
  reached_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint plan_milestones_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint plan_milestones_status_check check (status in ('pending', 'reached')),
  constraint plan_milestones_due_range check (due_date between date '2000-01-01' and date '2100-12-31'),
  constraint plan_milestones_reached_when check ((status = 'reached') = (reached_at is not null))
);

comment on table public.plan_milestones is
  'Milestones of a project''s plan, optionally within a phase: due date, pending or reached (reached_at). Staff write; clients of the project''s organization read those of their visible projects.';
comment on column public.plan_milestones.reached_at is 'When it was marked reached (set by the trigger when not given); null while pending.';

create index plan_milestones_project_id_idx on public.plan_milestones (project_id, due_date);
create index plan_milestones_phase_id_idx on public.plan_milestones (phase_id);

create trigger plan_milestones_set_updated_at
  before update on public.plan_milestones
  for each row execute function public.set_updated_at();

-- A milestone's phase is one of its project's; reached_at follows the status.
create or replace function public.plan_milestones_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.phase_id is not null
     and not exists (select 1 from public.plan_phases ph where ph.id = new.phase_id and ph.project_id = new.project_id) then
    raise exception 'The phase of a milestone must belong to its project (plan_milestones_phase_in_project).'
      using errcode = '23514', constraint = 'plan_milestones_phase_in_project';
  end if;
  if new.status = 'reached' and new.reached_at is null then
    new.reached_at := now();
  elsif new.status = 'pending' then
    new.reached_at := null;
  end if;
  return new;
end;
$$;

comment on function public.plan_milestones_check() is
  'Trigger: a milestone''s phase belongs to its project (plan_milestones_phase_in_project); reached_at is set when it is reached and cleared when it is pending again.';
revoke execute on function public.plan_milestones_check() from public, anon, authenticated;

create trigger plan_milestones_check
  before insert or update on public.plan_milestones
  for each row execute function public.plan_milestones_check();

-- ─── Time entries ─────────────────────────────────────────────────────────────────────────────

create table public.plan_time_entries (
  id uuid primary key default gen_random_uuid(),
  phase_id uuid not null references public.plan_phases (id) on delete cascade,
  person_id uuid not null references public.profiles (id),
  worked_on date not null,
  hours numeric(5, 2) not null,
  rate numeric(10, 2),
  amount numeric(12, 2) generated always as (round(hours * rate, 2)) stored,
  note text,
  created_by uuid references public.profiles (id) on delete set null default auth.uid(),
  created_at timestamptz not null default now(),
  constraint plan_time_entries_hours check (hours > 0 and hours <= 24),
  constraint plan_time_entries_rate check (rate is null or (rate >= 0 and rate <= 100000)),
  constraint plan_time_entries_worked_on_range check (worked_on between date '2000-01-01' and date '2100-12-31'),
  constraint plan_time_entries_note_length check (note is null or char_length(note) <= 500)
);

comment on table public.plan_time_entries is
  'Hours a staff member worked on a phase on a day, with an optional hourly rate (amount = hours × rate). Staff only: clients read the totals through public.plan_usage().';
comment on column public.plan_time_entries.rate is 'Hourly rate in euros; without it the entry uses hours and no budget.';

create index plan_time_entries_phase_id_idx on public.plan_time_entries (phase_id, worked_on);
create index plan_time_entries_person_id_idx on public.plan_time_entries (person_id);
create index plan_time_entries_created_by_idx on public.plan_time_entries (created_by);

-- The person who worked is a member of staff.
create or replace function public.plan_time_entries_check_person()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.profiles p where p.id = new.person_id and p.role in ('admin', 'super_admin')) then
    raise exception 'Time is recorded for a member of staff (plan_time_entries_person_is_staff).'
      using errcode = '23514', constraint = 'plan_time_entries_person_is_staff';
  end if;
  return new;
end;
$$;

comment on function public.plan_time_entries_check_person() is
  'Trigger: a time entry''s person is a member of staff (plan_time_entries_person_is_staff).';
revoke execute on function public.plan_time_entries_check_person() from public, anon, authenticated;

create trigger plan_time_entries_check_person
  before insert or update of person_id on public.plan_time_entries
  for each row execute function public.plan_time_entries_check_person();

-- ─── Row-level security ───────────────────────────────────────────────────────────────────────

alter table public.plan_phases enable row level security;
alter table public.plan_milestones enable row level security;
alter table public.plan_time_entries enable row level security;

revoke all on table public.plan_phases, public.plan_milestones, public.plan_time_entries from public, anon, authenticated;
grant select, insert, update, delete on table public.plan_phases, public.plan_milestones, public.plan_time_entries to authenticated;
grant all on table public.plan_phases, public.plan_milestones, public.plan_time_entries to service_role;

create policy "plan_phases: clients of the project and staff read"
  on public.plan_phases for select to authenticated
  using (project_id in (select public.client_project_ids()) or (select public.is_admin()));
create policy "plan_phases: staff create"
  on public.plan_phases for insert to authenticated with check ((select public.is_admin()));
create policy "plan_phases: staff update"
  on public.plan_phases for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "plan_phases: staff delete"
  on public.plan_phases for delete to authenticated using ((select public.is_admin()));

create policy "plan_milestones: clients of the project and staff read"
  on public.plan_milestones for select to authenticated
  using (project_id in (select public.client_project_ids()) or (select public.is_admin()));
create policy "plan_milestones: staff create"
  on public.plan_milestones for insert to authenticated with check ((select public.is_admin()));
create policy "plan_milestones: staff update"
  on public.plan_milestones for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "plan_milestones: staff delete"
  on public.plan_milestones for delete to authenticated using ((select public.is_admin()));

create policy "plan_time_entries: staff read"
  on public.plan_time_entries for select to authenticated using ((select public.is_admin()));
create policy "plan_time_entries: staff create"
  on public.plan_time_entries for insert to authenticated with check ((select public.is_admin()));
create policy "plan_time_entries: staff update"
  on public.plan_time_entries for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "plan_time_entries: staff delete"
  on public.plan_time_entries for delete to authenticated using ((select public.is_admin()));

-- ─── What the plan has used, without who ──────────────────────────────────────────────────────

-- Hours and amount recorded per phase and day, for whoever may read the project's plan (its
-- organization's clients, staff); for anybody else no rows, as for a project that does not exist.
create or replace function public.plan_usage(target_project uuid)
returns table (phase_id uuid, worked_on date, hours numeric, amount numeric)
language sql
stable
security definer
set search_path = ''
as $$
  select t.phase_id, t.worked_on, sum(t.hours), sum(t.amount)
    from public.plan_time_entries t
    join public.plan_phases ph on ph.id = t.phase_id
   where ph.project_id = target_project
     and (target_project in (select public.client_project_ids()) or public.is_admin())
   group by t.phase_id, t.worked_on
   order by t.worked_on, t.phase_id
$$;

comment on function public.plan_usage(uuid) is
  'Hours and amount (euros) recorded per phase and day of a project''s plan, without who recorded them; empty for a caller who may not read the project.';
revoke execute on function public.plan_usage(uuid) from public, anon;
grant execute on function public.plan_usage(uuid) to authenticated, service_role;

-- ─── Progress derived from the plan ───────────────────────────────────────────────────────────

alter table public.projects add column progress_overridden boolean not null default false;
comment on column public.projects.progress_overridden is
  'True when staff typed the progress of a project that has a plan: it then no longer follows the plan (private.plan_progress) until this is cleared.';
comment on column public.projects.progress is
  'Percentage complete, 0-100; 100 when completed. With a plan and no override, derived from it (private.plan_progress).';

-- The plan's progress of a project: null without phases; 100 when the project is completed, at
-- most 99 before (a project is finished when staff say so, not when its hours are spent).
create or replace function private.plan_progress(target_project uuid, project_status text)
returns smallint
language sql
stable
set search_path = ''
as $$
  with phases as (
    select ph.status, ph.planned_hours, ph.planned_budget,
           coalesce(sum(t.hours), 0) as used_hours, coalesce(sum(t.amount), 0) as used_amount
      from public.plan_phases ph
      left join public.plan_time_entries t on t.phase_id = ph.id
     where ph.project_id = target_project
     group by ph.id),
  weighted as (
    select case when bool_and(planned_hours is not null) over () then planned_hours else 1 end as weight,
           case status
             when 'done' then 1
             when 'in_progress' then least(0.9, coalesce(used_hours / planned_hours, used_amount / planned_budget, 0))
             else 0
           end as done_share
      from phases)
  select case
           when count(*) = 0 then null
           when project_status = 'completed' then 100
           else least(99, floor(round(100 * sum(weight * done_share) / sum(weight), 6)))::smallint
         end
    from weighted
$$;

comment on function private.plan_progress(uuid, text) is
  'The progress a project''s plan gives: phases weighted by planned hours (equal when one has none); done counts whole, in progress its share of hours (or budget) used up to 90%; null without phases.';
revoke execute on function private.plan_progress(uuid, text) from public;

-- Staff typing a progress on a project with a plan override it; clearing the override (or a
-- change of status while it follows the plan) takes the plan's value.
create or replace function public.projects_plan_progress()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  derived smallint;
begin
  derived := private.plan_progress(new.id, new.status);
  if derived is null then
    new.progress_overridden := false;
    return new;
  end if;
  -- Typing the plan's own value is not an override (completing a project: its plan gives 100).
  if new.progress is distinct from old.progress and new.progress is distinct from derived
     and not new.progress_overridden and not old.progress_overridden
     and coalesce(current_setting('cauce.plan_progress', true), '') <> 'derived' then
    new.progress_overridden := true;
  end if;
  if not new.progress_overridden then
    new.progress := derived;
  end if;
  return new;
end;
$$;

comment on function public.projects_plan_progress() is
  'Trigger: a project with a plan follows it (private.plan_progress) unless staff typed another progress, which sets progress_overridden.';
revoke execute on function public.projects_plan_progress() from public, anon, authenticated;

create trigger projects_plan_progress
  before update on public.projects
  for each row execute function public.projects_plan_progress();

-- A change to the plan refreshes its project's progress (when it follows the plan).
create or replace function private.plan_refresh_progress(target_project uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  derived smallint;
  current public.projects;
begin
  select * into current from public.projects where id = target_project;
  if not found or current.progress_overridden then
    return;
  end if;
  derived := private.plan_progress(target_project, current.status);
  if derived is null or derived = current.progress then
    return;
  end if;
  perform set_config('cauce.plan_progress', 'derived', true);
  update public.projects set progress = derived where id = target_project;
  perform set_config('cauce.plan_progress', '', true);
end;
$$;

comment on function private.plan_refresh_progress(uuid) is
  'Internal: sets a project''s progress to its plan''s when it follows the plan and the value changed.';
revoke execute on function private.plan_refresh_progress(uuid) from public;

create or replace function public.plan_phases_refresh_progress()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.plan_refresh_progress(old.project_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and (tg_op = 'INSERT' or new.project_id is distinct from old.project_id) then
    perform private.plan_refresh_progress(new.project_id);
  end if;
  return null;
end;
$$;

comment on function public.plan_phases_refresh_progress() is 'Trigger: a phase added, changed or removed refreshes its project''s progress.';
revoke execute on function public.plan_phases_refresh_progress() from public, anon, authenticated;

create trigger plan_phases_refresh_progress
  after insert or update of status, planned_hours, planned_budget, project_id or delete on public.plan_phases
  for each row execute function public.plan_phases_refresh_progress();

create or replace function public.plan_time_entries_refresh_progress()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.plan_refresh_progress((select ph.project_id from public.plan_phases ph where ph.id = old.phase_id));
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.plan_refresh_progress((select ph.project_id from public.plan_phases ph where ph.id = new.phase_id));
  end if;
  return null;
end;
$$;

comment on function public.plan_time_entries_refresh_progress() is 'Trigger: time recorded, changed or removed refreshes the project''s progress.';
revoke execute on function public.plan_time_entries_refresh_progress() from public, anon, authenticated;

create trigger plan_time_entries_refresh_progress
  after insert or update of hours, rate, phase_id or delete on public.plan_time_entries
  for each row execute function public.plan_time_entries_refresh_progress();
