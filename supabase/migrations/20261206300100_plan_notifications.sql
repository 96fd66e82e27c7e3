-- The project plan's notifications (decision 0040): a milestone reached, and the time recorded
-- crossing 80% and 100% of what was planned, for a phase and for the whole plan, in hours and in
-- budget. Each goes to the organization's clients (when the project is visible to them: they see
-- the same plan and burn-down in the portal) and to the project's manager (all staff when it has
-- none), but not to whoever caused it, once per person and event: the dedupe key names the
-- milestone, or the phase (or plan) and the threshold, so recording time again, deleting some and
-- crossing back never repeats a notice, and a plan with hours and a budget is at 80% once, by
-- whichever of the two gets there first. A threshold counts when this change
-- crosses it (what was used before it is below, what is used after is at or above), so the demo's
-- history and plans already past a threshold stay quiet. Lowering what was planned does not count.
--
-- People choose how these reach them by e-mail under a new "plan" column of their notification
-- preferences (decision 0035 left it out until a plan notification existed).

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'document_shared', 'report_published', 'task_assigned', 'document_uploaded', 'contact_message',
  'organization_access', 'conversation_message', 'conversation_mention',
  'approval_requested', 'approval_reminder', 'approval_answered',
  'lead_follow_up',
  'plan_milestone_reached', 'plan_threshold'
));
alter table public.notifications drop constraint notifications_entity_type_check;
alter table public.notifications add constraint notifications_entity_type_check check (
  entity_type is null or entity_type in (
    'document', 'report', 'task', 'contact_message', 'conversation_message', 'approval_request',
    'plan_milestone', 'plan_phase'
  )
);
comment on column public.notifications.kind is
  'document_shared, report_published, task_assigned, organization_access, approval_requested, approval_reminder (clients); document_uploaded, contact_message, approval_answered, lead_follow_up (staff); task_assigned, conversation_message, conversation_mention, plan_milestone_reached and plan_threshold both.';

-- Who hears about a project's plan: its organization's clients when they see the project, and its
-- manager (every member of staff when it has none).
create or replace function private.plan_audience(target public.projects)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select (case when target.visible_to_client then public.organization_client_ids(target.organization_id) else '{}'::uuid[] end)
      || case when target.manager_id is not null then array[target.manager_id] else public.staff_ids() end
$$;

comment on function private.plan_audience(public.projects) is
  'Internal: who is told of a project''s plan events: the organization''s clients (visible projects) and the manager, or all staff without one.';
revoke execute on function private.plan_audience(public.projects) from public;

-- ─── A milestone reached ──────────────────────────────────────────────────────────────────────

create or replace function public.plan_milestones_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
begin
  if new.status <> 'reached' or (tg_op = 'UPDATE' and old.status = 'reached') then
    return null;
  end if;
  select * into project from public.projects where id = new.project_id;
  perform public.notify(
    private.plan_audience(project), 'plan_milestone_reached', 'plan-milestone-reached:' || new.id,
    project.organization_id, project.id, 'plan_milestone', new.id,
    'Hito alcanzado', 'Milestone reached',
    format('Se ha alcanzado el hito «%s» del proyecto %s.', new.title, project.name),
    format('The milestone “%s” of the project %s has been reached.', new.title, project.name),
    jsonb_build_object('milestone_id', new.id, 'project_id', project.id)
  );
  return null;
end;
$$;

comment on function public.plan_milestones_notify() is
  'Trigger: tells the project''s clients and manager, once, that a milestone has been reached.';
revoke execute on function public.plan_milestones_notify() from public, anon, authenticated;

create trigger plan_milestones_notify
  after insert or update of status on public.plan_milestones
  for each row execute function public.plan_milestones_notify();

-- ─── Hours and budget crossing 80% and 100% ───────────────────────────────────────────────────

-- For the phases a statement's time entries changed (`changed`: phase, hours and amount added,
-- negative when removed), and for their projects' whole plans: each threshold the change crossed.
create or replace function private.plan_notify_thresholds(changed jsonb)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  item record;
  project public.projects;
  threshold integer;
  measure_es text;
  measure_en text;
begin
  for item in
    with delta as (
      select (d ->> 'phase_id')::uuid as phase_id, sum((d ->> 'hours')::numeric) as hours,
             sum(coalesce((d ->> 'amount')::numeric, 0)) as amount
        from jsonb_array_elements(changed) d
       group by 1),
    -- Per phase: what is used now, the change, and what was planned.
    phases as (
      select ph.project_id, ph.id as phase_id, ph.title, ph.planned_hours, ph.planned_budget, d.hours as d_hours, d.amount as d_amount,
             (select coalesce(sum(t.hours), 0) from public.plan_time_entries t where t.phase_id = ph.id) as hours,
             (select coalesce(sum(t.amount), 0) from public.plan_time_entries t where t.phase_id = ph.id) as amount
        from delta d join public.plan_phases ph on ph.id = d.phase_id),
    -- Per project: the same over its whole plan.
    plans as (
      select p.project_id, null::uuid as phase_id, null::text as title,
             (select sum(ph.planned_hours) from public.plan_phases ph where ph.project_id = p.project_id) as planned_hours,
             (select sum(ph.planned_budget) from public.plan_phases ph where ph.project_id = p.project_id) as planned_budget,
             sum(p.d_hours) as d_hours, sum(p.d_amount) as d_amount,
             (select coalesce(sum(t.hours), 0) from public.plan_time_entries t join public.plan_phases ph on ph.id = t.phase_id
               where ph.project_id = p.project_id) as hours,
             (select coalesce(sum(t.amount), 0) from public.plan_time_entries t join public.plan_phases ph on ph.id = t.phase_id
               where ph.project_id = p.project_id) as amount
        from phases p group by p.project_id),
    measured as (
      select s.*, 'hours' as measure, s.planned_hours as planned, s.hours - s.d_hours as before, s.hours as after from (
        select * from phases union all select * from plans) s
      union all
      select s.*, 'budget', s.planned_budget, s.amount - s.d_amount, s.amount from (
        select * from phases union all select * from plans) s)
    select m.project_id, m.phase_id, m.title, m.measure, t.threshold
      from measured m cross join (values (80), (100)) as t (threshold)
     where m.planned > 0
       and m.before < m.planned * t.threshold / 100 and m.after >= m.planned * t.threshold / 100
     -- hours before budget: when both cross at once, the notice speaks of hours
     order by m.project_id, m.phase_id nulls last, m.measure desc, t.threshold
  loop
    select * into project from public.projects where id = item.project_id;
    threshold := item.threshold;
    measure_es := case item.measure when 'hours' then 'las horas previstas' else 'el presupuesto previsto' end;
    measure_en := case item.measure when 'hours' then 'planned hours' else 'planned budget' end;
    perform public.notify(
      private.plan_audience(project), 'plan_threshold',
      format('plan-threshold:%s:%s', coalesce(item.phase_id::text, 'project:' || project.id), threshold),
      project.organization_id, project.id, case when item.phase_id is null then null else 'plan_phase' end, item.phase_id,
      case when threshold = 100 then 'Plan consumido al 100 %' else format('Plan consumido al %s %%', threshold) end,
      case when threshold = 100 then 'Plan 100% used' else format('Plan %s%% used', threshold) end,
      case when item.phase_id is null
        then format('El proyecto %s ha consumido el %s %% de %s.', project.name, threshold, measure_es)
        else format('La fase «%s» del proyecto %s ha consumido el %s %% de %s.', item.title, project.name, threshold, measure_es) end,
      case when item.phase_id is null
        then format('The project %s has used %s%% of its %s.', project.name, threshold, measure_en)
        else format('The phase “%s” of the project %s has used %s%% of its %s.', item.title, project.name, threshold, measure_en) end,
      jsonb_build_object('project_id', project.id, 'phase_id', item.phase_id, 'measure', item.measure, 'threshold', threshold)
    );
  end loop;
end;
$$;

comment on function private.plan_notify_thresholds(jsonb) is
  'Internal: notifies each 80% and 100% threshold of planned hours or budget (per phase and per plan) that a change of time entries crossed.';
revoke execute on function private.plan_notify_thresholds(jsonb) from public;

-- Statement triggers, so a CSV import of many entries is one change: a threshold crossed by the
-- file counts once, whichever row crossed it.
create or replace function public.plan_time_entries_notify_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.plan_notify_thresholds(
    (select coalesce(jsonb_agg(jsonb_build_object('phase_id', n.phase_id, 'hours', n.hours, 'amount', n.amount)), '[]')
       from inserted n));
  return null;
end;
$$;

create or replace function public.plan_time_entries_notify_update()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.plan_notify_thresholds(
    (select coalesce(jsonb_agg(c), '[]') from (
       select jsonb_build_object('phase_id', n.phase_id, 'hours', n.hours, 'amount', n.amount) as c from updated n
       union all
       select jsonb_build_object('phase_id', o.phase_id, 'hours', -o.hours, 'amount', -o.amount) from previous o) changes));
  return null;
end;
$$;

comment on function public.plan_time_entries_notify_insert() is 'Trigger: time recorded may cross a threshold of the plan (private.plan_notify_thresholds).';
comment on function public.plan_time_entries_notify_update() is 'Trigger: time corrected may cross a threshold of the plan (private.plan_notify_thresholds).';
revoke execute on function public.plan_time_entries_notify_insert(), public.plan_time_entries_notify_update()
  from public, anon, authenticated;

create trigger plan_time_entries_notify_insert
  after insert on public.plan_time_entries
  referencing new table as inserted
  for each statement execute function public.plan_time_entries_notify_insert();

create trigger plan_time_entries_notify_update
  after update on public.plan_time_entries
  referencing old table as previous new table as updated
  for each statement execute function public.plan_time_entries_notify_update();

-- ─── The "plan" choice of the notification preferences ────────────────────────────────────────

alter table public.notification_preferences
  add column plan text not null default 'digest',
  add constraint notification_preferences_plan check (plan in ('immediately', 'digest', 'off'));
comment on column public.notification_preferences.plan is 'plan_milestone_reached, plan_threshold: immediately, digest or off.';

create or replace function private.notification_preference_kind(kind text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case kind
    when 'conversation_message' then 'messages'
    when 'conversation_mention' then 'mentions'
    when 'document_shared' then 'documents'
    when 'document_uploaded' then 'documents'
    when 'report_published' then 'reports'
    when 'approval_requested' then 'approvals'
    when 'approval_reminder' then 'approvals'
    when 'approval_answered' then 'approvals'
    when 'task_assigned' then 'tasks'
    when 'lead_follow_up' then 'tasks'
    when 'plan_milestone_reached' then 'plan'
    when 'plan_threshold' then 'plan'
  end
$$;

create or replace function private.notification_email_choice(recipient uuid, kind text)
returns text
language sql
stable
set search_path = ''
as $$
  select case private.notification_preference_kind(kind)
    when 'messages' then p.messages
    when 'mentions' then p.mentions
    when 'documents' then p.documents
    when 'reports' then p.reports
    when 'approvals' then p.approvals
    when 'tasks' then p.tasks
    when 'plan' then p.plan
  end
  from public.notification_preferences p
  where p.person_id = recipient
$$;

revoke execute on function private.notification_preference_kind(text), private.notification_email_choice(uuid, text) from public;
