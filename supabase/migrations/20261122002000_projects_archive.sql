-- Archiving a project: staff put finished or abandoned engagements out of the way without
-- deleting them (deleting would cascade to documents, reports, metrics and tasks, and the
-- client's record of the work would be gone). archived_at is null for a live project and the
-- time it was archived otherwise; unarchiving sets it back to null.
--
-- Who sees an archived project: the client still does. The project, its shared documents,
-- published reports, visible metrics and tasks stay readable to the organization's clients, as
-- the record of work done for them (what client portals commonly keep: ERPNext users asked for
-- completed projects to stay visible, frappe/erpnext#11563); the portal can mark it archived with
-- this column. Hiding a project from the client is what visible_to_client is for, and it stays a
-- separate decision. So row-level security is unchanged: the existing policies already let only
-- staff write archived_at (projects: staff update), and clients read the column like the rest of
-- the row. Staff lists hide archived projects unless asked (the admin area filters on
-- archived_at is null), hence the partial index.

alter table public.projects add column archived_at timestamptz;

comment on column public.projects.archived_at is
  'When staff archived the project (null while it is live). Archived projects stay readable to the client as the record of the work; staff lists hide them unless asked.';

create index projects_live_idx on public.projects (organization_id, status) where archived_at is null;

-- The time is the database's, not the browser's: archiving stamps now() whatever time was sent,
-- and a project that stays archived keeps its first time.
create or replace function public.projects_stamp_archived_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.archived_at is not null then
    if tg_op = 'INSERT' or old.archived_at is null then
      new.archived_at := now();
    else
      new.archived_at := old.archived_at;
    end if;
  end if;
  return new;
end;
$$;

comment on function public.projects_stamp_archived_at() is
  'Trigger: archived_at is set to now() when a project is archived and kept while it stays archived.';

revoke execute on function public.projects_stamp_archived_at() from public, anon, authenticated;

create trigger projects_stamp_archived_at
  before insert or update of archived_at on public.projects
  for each row execute function public.projects_stamp_archived_at();
