-- A metric's entries in the activity log carry its labels in both languages and its granularity,
-- so the feed names the metric as people read it ("Ventas netas", not net_sales), by the period
-- it was recorded for, even after the metric is hidden, renamed or deleted. Entries written
-- before this migration keep their summaries (the log is append-only); the app falls back to the
-- project's current labels for them.
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
    'granularity', subject ->> 'granularity',
    'label_es', left(subject ->> 'label_es', 120),
    'label_en', left(subject ->> 'label_en', 120),
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
  'Trigger: appends the create/update/delete of a project, document, report, metric or task to activity_log; a metric''s summary carries its labels.';
