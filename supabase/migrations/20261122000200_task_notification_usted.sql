-- The task notification's Spanish title addresses the reader as "usted", like the site and the
-- e-mails. Same function otherwise.

create or replace function public.notify_task()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
  assignee public.profiles;
begin
  if new.assigned_to is null or (tg_op = 'UPDATE' and new.assigned_to is not distinct from old.assigned_to) then
    return null;
  end if;
  select * into project from public.projects where id = new.project_id;
  select * into assignee from public.profiles where id = new.assigned_to;
  -- A client is only told about work they can see.
  if assignee.role = 'client' and (new.is_internal or not project.visible_to_client) then
    return null;
  end if;
  perform public.notify(
    array[new.assigned_to], 'task_assigned', 'task-assigned:' || new.id,
    project.organization_id, project.id, 'task', new.id,
    'Tiene una tarea nueva', 'A task has been assigned to you',
    format('«%s» en el proyecto %s', new.title, project.name)
      || case when new.due_date is null then '' else ', con fecha límite el ' || to_char(new.due_date, 'DD/MM/YYYY') end || '.',
    format('“%s” in the project %s', new.title, project.name)
      || case when new.due_date is null then '' else ', due ' || to_char(new.due_date, 'FMMonth FMDD, YYYY') end || '.',
    jsonb_build_object('task_id', new.id, 'project_id', project.id, 'due_date', new.due_date)
  );
  return null;
end;
$$;
