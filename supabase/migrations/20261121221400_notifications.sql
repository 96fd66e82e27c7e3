-- In-app notifications, written only by triggers, in the recipient's language: clients hear when
-- a document is shared, a report published or a task assigned to them; staff hear when a client
-- uploads a document or a contact message arrives. Each event notifies a person once: a
-- (recipient, dedupe_key) pair is unique, so later edits, re-publishing or re-sharing stay quiet.
-- The person who caused the event is not notified of it. Everyone reads and marks read their own.

create table public.notifications (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  title text not null,
  body text not null default '',
  organization_id uuid references public.organizations (id) on delete cascade,
  project_id uuid references public.projects (id) on delete cascade,
  entity_type text,
  entity_id uuid,
  data jsonb not null default '{}'::jsonb,
  dedupe_key text not null,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  constraint notifications_kind_check check (kind in (
    'document_shared', 'report_published', 'task_assigned', 'document_uploaded', 'contact_message'
  )),
  constraint notifications_entity_type_check check (entity_type is null or entity_type in ('document', 'report', 'task', 'contact_message')),
  constraint notifications_title_length check (char_length(title) between 1 and 200),
  constraint notifications_body_length check (char_length(body) <= 1000),
  constraint notifications_once_per_event unique (recipient_id, dedupe_key)
);

comment on table public.notifications is
  'In-app notifications, one per recipient and event (unique recipient_id, dedupe_key), written by triggers in the recipient''s language. Each user reads their own and marks them read (read_at).';
comment on column public.notifications.kind is 'document_shared, report_published, task_assigned (clients or staff); document_uploaded, contact_message (staff).';
comment on column public.notifications.dedupe_key is 'The event, e.g. document-shared:<id>; a second notification for the same event and person is never written.';
comment on column public.notifications.read_at is 'When the recipient marked it read; the only column a user may change.';

create index notifications_recipient_id_idx on public.notifications (recipient_id, created_at desc);
create index notifications_unread_idx on public.notifications (recipient_id) where read_at is null;
create index notifications_organization_id_idx on public.notifications (organization_id);
create index notifications_project_id_idx on public.notifications (project_id);

-- Writes one notification per recipient (active, not the caller), in each one's language.
create or replace function public.notify(
  n_recipients uuid[],
  n_kind text,
  n_dedupe_key text,
  n_organization_id uuid,
  n_project_id uuid,
  n_entity_type text,
  n_entity_id uuid,
  n_title_es text,
  n_title_en text,
  n_body_es text,
  n_body_en text,
  n_data jsonb
)
returns void
language sql
security definer
set search_path = ''
as $$
  insert into public.notifications
    (recipient_id, kind, dedupe_key, organization_id, project_id, entity_type, entity_id, title, body, data)
  select p.id, n_kind, n_dedupe_key, n_organization_id, n_project_id, n_entity_type, n_entity_id,
    case when p.locale = 'en' then n_title_en else n_title_es end,
    left(case when p.locale = 'en' then n_body_en else n_body_es end, 1000),
    n_data
  from public.profiles p
  where p.id = any(n_recipients) and p.is_active and p.id is distinct from auth.uid()
  on conflict (recipient_id, dedupe_key) do nothing
$$;

comment on function public.notify(uuid[], text, text, uuid, uuid, text, uuid, text, text, text, text, jsonb) is
  'Internal: writes one notification per recipient in their language, once per event.';

create or replace function public.organization_client_ids(target_organization uuid)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.id), '{}') from public.profiles p
  where p.organization_id = target_organization and p.role = 'client' and p.is_active
$$;

comment on function public.organization_client_ids(uuid) is 'Internal: the active clients of an organization.';

create or replace function public.staff_ids()
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.id), '{}') from public.profiles p
  where p.role in ('admin', 'super_admin') and p.is_active
$$;

comment on function public.staff_ids() is 'Internal: the active admins and super_admins.';

revoke execute on function public.notify(uuid[], text, text, uuid, uuid, text, uuid, text, text, text, text, jsonb),
  public.organization_client_ids(uuid), public.staff_ids() from public, anon, authenticated;

-- A document shared with the client (on creation or later), and a client's upload, for staff.
create or replace function public.notify_document()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
  organization_name text;
  uploader public.profiles;
begin
  select * into project from public.projects where id = new.project_id;
  select o.name into organization_name from public.organizations o where o.id = project.organization_id;

  if new.visible_to_client and project.visible_to_client and (tg_op = 'INSERT' or not old.visible_to_client) then
    perform public.notify(
      public.organization_client_ids(project.organization_id), 'document_shared', 'document-shared:' || new.id,
      project.organization_id, project.id, 'document', new.id,
      'Nuevo documento disponible', 'New document available',
      format('«%s» ya está disponible en el proyecto %s.', new.name, project.name),
      format('“%s” is now available in the project %s.', new.name, project.name),
      jsonb_build_object('document_id', new.id, 'project_id', project.id)
    );
  end if;

  if tg_op = 'INSERT' then
    select * into uploader from public.profiles where id = new.uploaded_by;
    if uploader.role = 'client' then
      perform public.notify(
        public.staff_ids(), 'document_uploaded', 'document-uploaded:' || new.id,
        project.organization_id, project.id, 'document', new.id,
        'Un cliente ha subido un documento', 'A client uploaded a document',
        format('%s (%s) ha subido «%s» al proyecto %s.', uploader.full_name, organization_name, new.name, project.name),
        format('%s (%s) uploaded “%s” to the project %s.', uploader.full_name, organization_name, new.name, project.name),
        jsonb_build_object('document_id', new.id, 'project_id', project.id, 'uploaded_by', uploader.id)
      );
    end if;
  end if;
  return null;
end;
$$;

comment on function public.notify_document() is
  'Trigger: notifies the organization''s clients when a document becomes visible, and staff when a client uploads one.';

create trigger documents_notify
  after insert or update of visible_to_client on public.documents
  for each row execute function public.notify_document();

create or replace function public.notify_report()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
begin
  if new.status <> 'published' or (tg_op = 'UPDATE' and old.status = 'published') then
    return null;
  end if;
  select * into project from public.projects where id = new.project_id;
  if project.visible_to_client then
    perform public.notify(
      public.organization_client_ids(project.organization_id), 'report_published', 'report-published:' || new.id,
      project.organization_id, project.id, 'report', new.id,
      'Nuevo informe publicado', 'New report published',
      format('«%s» se ha publicado en el proyecto %s.', new.title, project.name),
      format('“%s” has been published in the project %s.', new.title, project.name),
      jsonb_build_object('report_id', new.id, 'project_id', project.id)
    );
  end if;
  return null;
end;
$$;

comment on function public.notify_report() is 'Trigger: notifies the organization''s clients the first time a report is published.';

create trigger reports_notify
  after insert or update of status on public.reports
  for each row execute function public.notify_report();

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
    'Tienes una tarea nueva', 'A task has been assigned to you',
    format('«%s» en el proyecto %s', new.title, project.name)
      || case when new.due_date is null then '' else ', con fecha límite el ' || to_char(new.due_date, 'DD/MM/YYYY') end || '.',
    format('“%s” in the project %s', new.title, project.name)
      || case when new.due_date is null then '' else ', due ' || to_char(new.due_date, 'FMMonth FMDD, YYYY') end || '.',
    jsonb_build_object('task_id', new.id, 'project_id', project.id, 'due_date', new.due_date)
  );
  return null;
end;
$$;

comment on function public.notify_task() is 'Trigger: notifies the assignee once when a task is assigned to them.';

create trigger tasks_notify
  after insert or update of assigned_to on public.tasks
  for each row execute function public.notify_task();

create or replace function public.notify_contact_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender text := new.name || coalesce(' (' || new.company || ')', '') || ' <' || new.email || '>';
begin
  perform public.notify(
    public.staff_ids(), 'contact_message', 'contact-message:' || new.id,
    null, null, 'contact_message', new.id,
    'Nuevo mensaje de contacto', 'New contact message',
    format('%s ha escrito: %s', sender, left(new.message, 300)),
    format('%s wrote: %s', sender, left(new.message, 300)),
    jsonb_build_object('contact_message_id', new.id, 'interest', new.interest)
  );
  return null;
end;
$$;

comment on function public.notify_contact_message() is 'Trigger: notifies every active staff member of a new contact message.';

create trigger contact_messages_notify
  after insert on public.contact_messages
  for each row execute function public.notify_contact_message();

revoke execute on function public.notify_document(), public.notify_report(), public.notify_task(),
  public.notify_contact_message() from public, anon, authenticated;

alter table public.notifications enable row level security;

-- Users may read their own and set read_at; notifications are written only by the triggers.
revoke all on table public.notifications from public, anon, authenticated;
grant select on table public.notifications to authenticated;
grant update (read_at) on table public.notifications to authenticated;
grant all on table public.notifications to service_role;

create policy "notifications: users read their own"
  on public.notifications for select to authenticated
  using (recipient_id = (select auth.uid()) and (select public.mfa_satisfied()));

create policy "notifications: users mark their own read"
  on public.notifications for update to authenticated
  using (recipient_id = (select auth.uid()) and (select public.mfa_satisfied()))
  with check (recipient_id = (select auth.uid()) and (select public.mfa_satisfied()));
