-- Approvals with a record (decision 0017). Staff choose, per organization, which of its client
-- users approve; staff ask them to approve a deliverable (a document or a published report, at
-- its current version); one approver answers: approved, or changes requested with a comment. The
-- answers are kept forever: nobody, not even the owner, updates or deletes one. A new version of
-- the deliverable reopens its request. Approvers hear of a request (and of reminders, written by
-- the server's reminder job through send_approval_reminders), staff of the answer; the mailer
-- e-mails those notification rows like any other.

-- ─── Who approves ─────────────────────────────────────────────────────────────────────────────

create table public.organization_approvers (
  organization_id uuid not null references public.organizations (id) on delete cascade,
  profile_id uuid not null references public.profiles (id) on delete cascade,
  added_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  primary key (organization_id, profile_id)
);

comment on table public.organization_approvers is
  'The client users of an organization who answer its approval requests. Staff add and remove them; clients of the organization read the list.';

create index organization_approvers_profile_id_idx on public.organization_approvers (profile_id);
create index organization_approvers_added_by_idx on public.organization_approvers (added_by);

-- Only a client user of that very organization can approve for it.
create or replace function public.organization_approvers_check_member()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Row-level security is checked after this trigger: a client must learn nothing here.
  if auth.jwt() ->> 'role' = 'authenticated' and not public.is_admin() then
    raise exception 'new row violates row-level security policy for table "organization_approvers"'
      using errcode = '42501';
  end if;
  if not exists (
    select 1 from public.profiles p
    where p.id = new.profile_id and p.role = 'client' and p.organization_id = new.organization_id
  ) then
    raise exception 'An approver must be a client user of the organization'
      using errcode = '23514', constraint = 'organization_approvers_client_of_organization';
  end if;
  return new;
end;
$$;

create trigger organization_approvers_check_member
  before insert or update on public.organization_approvers
  for each row execute function public.organization_approvers_check_member();

-- A person who leaves the organization (or stops being a client) stops approving for it.
create or replace function public.organization_approvers_follow_profile()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.organization_approvers a
  where a.profile_id = new.id
    and (new.role <> 'client' or a.organization_id is distinct from new.organization_id);
  return null;
end;
$$;

create trigger profiles_approvers_follow
  after update of role, organization_id on public.profiles
  for each row execute function public.organization_approvers_follow_profile();

alter table public.organization_approvers enable row level security;

revoke all on table public.organization_approvers from public, anon, authenticated, service_role;
grant select, insert, delete on table public.organization_approvers to authenticated;
grant select, insert, delete on table public.organization_approvers to service_role;

create policy "organization_approvers: clients read their own, staff all"
  on public.organization_approvers for select to authenticated
  using (organization_id = (select public.current_client_organization_id()) or (select public.is_admin()));

create policy "organization_approvers: staff add"
  on public.organization_approvers for insert to authenticated
  with check ((select public.is_admin()));

create policy "organization_approvers: staff remove"
  on public.organization_approvers for delete to authenticated
  using ((select public.is_admin()));

-- The active approvers of an organization (still its clients).
create or replace function public.organization_approver_ids(target_organization uuid)
returns uuid[]
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(array_agg(p.id), '{}') from public.organization_approvers a
  join public.profiles p on p.id = a.profile_id
  where a.organization_id = target_organization and p.organization_id = target_organization
    and p.role = 'client' and p.is_active
$$;

comment on function public.organization_approver_ids(uuid) is 'Internal: the active approvers of an organization.';

-- ─── Requests ─────────────────────────────────────────────────────────────────────────────────

create table public.approval_requests (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete restrict,
  organization_id uuid not null references public.organizations (id) on delete restrict,
  deliverable_type text not null,
  document_id uuid references public.documents (id) on delete set null,
  report_id uuid references public.reports (id) on delete set null,
  deliverable_title text not null,
  version integer not null,
  status text not null default 'pending',
  message text,
  requested_by uuid default auth.uid() references public.profiles (id) on delete set null,
  requested_at timestamptz not null default now(),
  pending_since timestamptz not null default now(),
  answered_at timestamptz,
  reminders_sent integer not null default 0,
  last_reminded_at timestamptz,
  constraint approval_requests_deliverable_type_check check (deliverable_type in ('document', 'report')),
  constraint approval_requests_one_deliverable check (
    (deliverable_type = 'document' and report_id is null) or (deliverable_type = 'report' and document_id is null)
  ),
  constraint approval_requests_status_check check (status in ('pending', 'approved', 'changes_requested')),
  constraint approval_requests_message_length check (message is null or char_length(message) <= 2000),
  constraint approval_requests_title_length check (char_length(deliverable_title) between 1 and 255),
  constraint approval_requests_version_positive check (version >= 1),
  constraint approval_requests_answered_has_date check (status = 'pending' or answered_at is not null)
);

comment on table public.approval_requests is
  'A request to a client organization''s approvers to approve one deliverable (document or published report) at a version; one per deliverable, reopened by a new version. Staff create; the status follows the answers (approval_decisions). Never deleted.';
comment on column public.approval_requests.version is 'The deliverable''s version awaiting (or last given) an answer.';
comment on column public.approval_requests.deliverable_title is 'The deliverable''s name when requested or reopened: the record outlives the deliverable.';
comment on column public.approval_requests.pending_since is 'When the current round began (request or reopening); reminders count from here.';
comment on column public.approval_requests.message is 'Optional words from staff to the approvers.';

create unique index approval_requests_document_key on public.approval_requests (document_id) where document_id is not null;
create unique index approval_requests_report_key on public.approval_requests (report_id) where report_id is not null;
create index approval_requests_project_id_idx on public.approval_requests (project_id, status);
create index approval_requests_organization_id_idx on public.approval_requests (organization_id, status);
create index approval_requests_requested_by_idx on public.approval_requests (requested_by);
create index approval_requests_pending_idx on public.approval_requests (pending_since) where status = 'pending';

-- Staff name the deliverable (and may add a message); everything else is derived here. Only a
-- deliverable the client can see, of a project the client can see, of an organization that has
-- an approver, can be put up for approval.
create or replace function public.approval_requests_prepare()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  doc public.documents;
  rep public.reports;
  project public.projects;
begin
  -- Row-level security is checked after this trigger: a client must learn nothing here.
  if auth.jwt() ->> 'role' = 'authenticated' and not public.is_admin() then
    raise exception 'new row violates row-level security policy for table "approval_requests"'
      using errcode = '42501';
  end if;
  if (new.document_id is null) = (new.report_id is null) then
    raise exception 'Name either a document or a report'
      using errcode = '23514', constraint = 'approval_requests_one_deliverable';
  end if;
  if new.document_id is not null then
    select * into doc from public.documents d where d.id = new.document_id;
    select * into project from public.projects p where p.id = doc.project_id;
    if doc.id is null or not doc.visible_to_client then
      raise exception 'Share the document with the client before asking for approval'
        using errcode = '23514', constraint = 'approval_requests_deliverable_shared';
    end if;
    new.deliverable_type := 'document';
    new.deliverable_title := left(doc.name, 255);
    new.version := doc.version;
  else
    select * into rep from public.reports r where r.id = new.report_id;
    select * into project from public.projects p where p.id = rep.project_id;
    if rep.id is null or rep.status <> 'published' then
      raise exception 'Publish the report before asking for approval'
        using errcode = '23514', constraint = 'approval_requests_deliverable_shared';
    end if;
    new.deliverable_type := 'report';
    new.deliverable_title := left(rep.title, 255);
    new.version := rep.version;
  end if;
  if not project.visible_to_client then
    raise exception 'The project is hidden from the client'
      using errcode = '23514', constraint = 'approval_requests_deliverable_shared';
  end if;
  if cardinality(public.organization_approver_ids(project.organization_id)) = 0 then
    raise exception 'The organization has no approver yet'
      using errcode = '23514', constraint = 'approval_requests_has_approvers';
  end if;
  new.project_id := project.id;
  new.organization_id := project.organization_id;
  new.status := 'pending';
  new.requested_by := auth.uid();
  new.requested_at := now();
  new.pending_since := now();
  new.answered_at := null;
  new.reminders_sent := 0;
  new.last_reminded_at := null;
  new.message := nullif(btrim(new.message), '');
  return new;
end;
$$;

create trigger approval_requests_prepare
  before insert on public.approval_requests
  for each row execute function public.approval_requests_prepare();

create or replace function public.approval_requests_keep()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'Approval requests are kept: they cannot be deleted' using errcode = '42501';
end;
$$;

create trigger approval_requests_keep
  before delete on public.approval_requests
  for each row execute function public.approval_requests_keep();

create trigger approval_requests_no_truncate
  before truncate on public.approval_requests
  for each statement execute function public.approval_requests_keep();

-- ─── Answers ──────────────────────────────────────────────────────────────────────────────────

create table public.approval_decisions (
  id uuid primary key default gen_random_uuid(),
  request_id uuid not null references public.approval_requests (id) on delete restrict,
  organization_id uuid not null,
  project_id uuid not null,
  version integer not null,
  deliverable_title text not null,
  decision text not null,
  comment text,
  decided_by uuid not null default auth.uid(),
  decided_by_name text not null,
  decided_at timestamptz not null default now(),
  constraint approval_decisions_decision_check check (decision in ('approved', 'changes_requested')),
  constraint approval_decisions_comment_length check (comment is null or char_length(comment) <= 2000),
  constraint approval_decisions_changes_need_comment check (
    decision <> 'changes_requested' or char_length(btrim(coalesce(comment, ''))) >= 1
  )
);

comment on table public.approval_decisions is
  'The record of approvals: who (decided_by, with the name at the time) answered which request, for which version, when, with what comment. Written by an approver of the organization; never updated or deleted, by anyone.';
comment on column public.approval_decisions.decided_by is 'auth.uid() of the approver. No foreign key: the record outlives the account.';
comment on column public.approval_decisions.version is 'The deliverable''s version that was answered.';

create index approval_decisions_request_id_idx on public.approval_decisions (request_id, decided_at);
create index approval_decisions_project_id_idx on public.approval_decisions (project_id);
create index approval_decisions_organization_id_idx on public.approval_decisions (organization_id, decided_at);

-- True when the request is one the calling client may answer: an approver of its organization,
-- on a project and deliverable that client can see.
create or replace function public.approval_request_answerable(req public.approval_requests)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  return req.organization_id = public.current_client_organization_id()
    and exists (
      select 1 from public.organization_approvers a
      where a.organization_id = req.organization_id and a.profile_id = auth.uid()
    )
    and exists (select 1 from public.projects p where p.id = req.project_id and p.visible_to_client)
    and (req.document_id is null or exists (
      select 1 from public.documents d where d.id = req.document_id and d.visible_to_client))
    and (req.report_id is null or exists (
      select 1 from public.reports r where r.id = req.report_id and r.status = 'published'));
end;
$$;

comment on function public.approval_request_answerable(public.approval_requests) is
  'Internal: the caller is an approver of the request''s organization and sees its project and deliverable.';

-- Checks who answers, that the request waits for an answer and that the answer is for the
-- version awaiting it; fills in the record's copies. Someone who may not answer learns nothing
-- about the request: the same words as row-level security's.
create or replace function public.approval_decisions_prepare()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  req public.approval_requests;
begin
  select * into req from public.approval_requests r where r.id = new.request_id for update;
  if req.id is null or not public.approval_request_answerable(req) then
    raise exception 'new row violates row-level security policy for table "approval_decisions"'
      using errcode = '42501';
  end if;
  if req.status <> 'pending' then
    raise exception 'This request has already been answered'
      using errcode = '23514', constraint = 'approval_decisions_request_pending';
  end if;
  if new.version is distinct from req.version then
    raise exception 'A newer version is awaiting approval: version %', req.version
      using errcode = '23514', constraint = 'approval_decisions_current_version';
  end if;
  new.organization_id := req.organization_id;
  new.project_id := req.project_id;
  new.deliverable_title := req.deliverable_title;
  new.decided_by := auth.uid();
  new.decided_at := now();
  new.comment := nullif(btrim(new.comment), '');
  select left(p.full_name, 200) into new.decided_by_name from public.profiles p where p.id = auth.uid();
  new.decided_by_name := coalesce(nullif(btrim(new.decided_by_name), ''), '—');
  return new;
end;
$$;

create trigger approval_decisions_prepare
  before insert on public.approval_decisions
  for each row execute function public.approval_decisions_prepare();

create or replace function public.approval_decisions_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception 'approval decisions are a permanent record: they cannot be changed or deleted'
    using errcode = '42501';
end;
$$;

create trigger approval_decisions_append_only
  before update or delete on public.approval_decisions
  for each row execute function public.approval_decisions_append_only();

create trigger approval_decisions_no_truncate
  before truncate on public.approval_decisions
  for each statement execute function public.approval_decisions_append_only();

-- ─── Activity and notifications ───────────────────────────────────────────────────────────────

alter table public.activity_log drop constraint activity_log_entity_type_check;
alter table public.activity_log add constraint activity_log_entity_type_check check (
  entity_type in ('project', 'document', 'report', 'analytics_metric', 'task', 'profile', 'conversation_message', 'approval')
);

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'document_shared', 'report_published', 'task_assigned', 'document_uploaded', 'contact_message',
  'organization_access', 'conversation_message', 'conversation_mention',
  'approval_requested', 'approval_reminder', 'approval_answered'
));
alter table public.notifications drop constraint notifications_entity_type_check;
alter table public.notifications add constraint notifications_entity_type_check check (
  entity_type is null or entity_type in (
    'document', 'report', 'task', 'contact_message', 'conversation_message', 'approval_request'
  )
);
comment on column public.notifications.kind is
  'document_shared, report_published, task_assigned, organization_access, approval_requested, approval_reminder (clients); document_uploaded, contact_message, approval_answered (staff); task_assigned, conversation_message and conversation_mention both.';

-- One activity entry per event of a request: asked, reopened by a new version, answered.
create or replace function public.log_approval(req public.approval_requests, event text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), req.organization_id, req.project_id, 'approval', req.id,
    case when event = 'requested' then 'create' else 'update' end,
    jsonb_build_object(
      'title', left(req.deliverable_title, 200),
      'status', req.status,
      'event', event,
      'version', req.version,
      'deliverable_type', req.deliverable_type,
      'changed', jsonb_build_array('status')
    ),
    false
  );
end;
$$;

-- Tells the approvers a request awaits them (a new one, or reopened by a new version).
create or replace function public.notify_approval_requested(req public.approval_requests, kind text, dedupe text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_name text;
begin
  select p.name into project_name from public.projects p where p.id = req.project_id;
  perform public.notify(
    public.organization_approver_ids(req.organization_id), kind, dedupe,
    req.organization_id, req.project_id, 'approval_request', req.id,
    case when kind = 'approval_reminder' then 'Recordatorio: aprobación pendiente' else 'Se solicita su aprobación' end,
    case when kind = 'approval_reminder' then 'Reminder: approval pending' else 'Your approval is requested' end,
    format('«%s» (versión %s) del proyecto %s espera su aprobación.', req.deliverable_title, req.version, project_name)
      || coalesce(' ' || req.message, ''),
    format('“%s” (version %s) in the project %s awaits your approval.', req.deliverable_title, req.version, project_name)
      || coalesce(' ' || req.message, ''),
    jsonb_build_object('approval_request_id', req.id, 'project_id', req.project_id, 'version', req.version)
  );
end;
$$;

create or replace function public.approval_requests_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform public.log_approval(new, 'requested');
  perform public.notify_approval_requested(new, 'approval_requested',
    'approval-requested:' || new.id || ':v' || new.version);
  return null;
end;
$$;

create trigger approval_requests_after_insert
  after insert on public.approval_requests
  for each row execute function public.approval_requests_after_insert();

-- An answer settles the request and tells the staff member who asked and the project's manager
-- (every active staff member when neither is there any more).
create or replace function public.approval_decisions_after_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  req public.approval_requests;
  project public.projects;
  recipients uuid[];
begin
  update public.approval_requests r set status = new.decision, answered_at = new.decided_at
  where r.id = new.request_id
  returning * into req;
  perform public.log_approval(req, new.decision);

  select * into project from public.projects p where p.id = req.project_id;
  select coalesce(array_agg(p.id), '{}') into recipients from public.profiles p
  where p.id in (req.requested_by, project.manager_id) and p.role in ('admin', 'super_admin') and p.is_active;
  if cardinality(recipients) = 0 then
    recipients := public.staff_ids();
  end if;
  perform public.notify(
    recipients, 'approval_answered', 'approval-answered:' || new.id,
    req.organization_id, req.project_id, 'approval_request', req.id,
    case when new.decision = 'approved' then 'Entregable aprobado' else 'El cliente pide cambios' end,
    case when new.decision = 'approved' then 'Deliverable approved' else 'The client asks for changes' end,
    case when new.decision = 'approved'
      then format('%s ha aprobado «%s» (versión %s) del proyecto %s.', new.decided_by_name, req.deliverable_title, new.version, project.name)
      else format('%s pide cambios en «%s» (versión %s) del proyecto %s: %s', new.decided_by_name, req.deliverable_title, new.version, project.name, left(new.comment, 600))
    end,
    case when new.decision = 'approved'
      then format('%s approved “%s” (version %s) in the project %s.', new.decided_by_name, req.deliverable_title, new.version, project.name)
      else format('%s asks for changes to “%s” (version %s) in the project %s: %s', new.decided_by_name, req.deliverable_title, new.version, project.name, left(new.comment, 600))
    end,
    jsonb_build_object('approval_request_id', req.id, 'project_id', req.project_id, 'decision', new.decision, 'version', new.version)
  );
  return null;
end;
$$;

create trigger approval_decisions_after_insert
  after insert on public.approval_decisions
  for each row execute function public.approval_decisions_after_insert();

-- A new version of a deliverable reopens its request: pending again, for the new version, and
-- the approvers are asked again. The answers to earlier versions stay in the record.
create or replace function public.approval_requests_reopen()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  req public.approval_requests;
  title text;
begin
  if new.version <= old.version then
    return null;
  end if;
  -- Two branches: a record field is resolved when its expression runs, and only one table has each.
  if tg_table_name = 'documents' then
    title := new.name;
  else
    title := new.title;
  end if;
  update public.approval_requests r
     set status = 'pending', version = new.version, deliverable_title = left(title, 255),
         pending_since = now(), answered_at = null, reminders_sent = 0, last_reminded_at = null
   where (tg_table_name = 'documents' and r.document_id = new.id)
      or (tg_table_name = 'reports' and r.report_id = new.id)
  returning * into req;
  if req.id is not null then
    perform public.log_approval(req, 'reopened');
    perform public.notify_approval_requested(req, 'approval_requested',
      'approval-requested:' || req.id || ':v' || req.version);
  end if;
  return null;
end;
$$;

create trigger documents_reopen_approval
  after update of storage_path, mime_type, size_bytes on public.documents
  for each row execute function public.approval_requests_reopen();

create trigger reports_reopen_approval
  after update on public.reports
  for each row execute function public.approval_requests_reopen();

-- The reminder job: claims, in one statement, the pending requests whose round (or last
-- reminder) is older than the given number of days, and reminds their approvers. The claim is
-- the update itself, with skip locked: two servers running it at once never remind twice.
create or replace function public.send_approval_reminders(after_days numeric, max_reminders integer, batch_size integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  req public.approval_requests;
  reminded integer := 0;
begin
  for req in
    with due as (
      select r.id from public.approval_requests r
      where r.status = 'pending' and r.reminders_sent < max_reminders
        and coalesce(r.last_reminded_at, r.pending_since) <= now() - make_interval(secs => (after_days * 86400)::double precision)
      order by r.pending_since
      limit batch_size
      for update skip locked
    )
    update public.approval_requests r
       set reminders_sent = r.reminders_sent + 1, last_reminded_at = now()
      from due
     where r.id = due.id
    returning r.*
  loop
    perform public.notify_approval_requested(req, 'approval_reminder',
      'approval-reminder:' || req.id || ':v' || req.version || ':' || req.reminders_sent);
    reminded := reminded + 1;
  end loop;
  return reminded;
end;
$$;

comment on function public.send_approval_reminders(numeric, integer, integer) is
  'Server job: reminds the approvers of requests pending for after_days (again every after_days, at most max_reminders times); returns how many requests were reminded.';

-- ─── Access ───────────────────────────────────────────────────────────────────────────────────

alter table public.approval_requests enable row level security;
alter table public.approval_decisions enable row level security;

revoke all on table public.approval_requests, public.approval_decisions from public, anon, authenticated, service_role;
grant select, insert on table public.approval_requests to authenticated, service_role;
grant select, insert on table public.approval_decisions to authenticated;
grant select on table public.approval_decisions to service_role;

-- Clients read the requests of their visible projects while they can see the deliverable (a
-- deleted one leaves its record readable); staff read all.
create policy "approval_requests: clients read their projects', staff all"
  on public.approval_requests for select to authenticated
  using (
    (select public.is_admin())
    or (
      project_id in (select public.client_project_ids())
      and (document_id is null or document_id in (select d.id from public.documents d))
      and (report_id is null or report_id in (select r.id from public.reports r))
    )
  );

create policy "approval_requests: staff ask"
  on public.approval_requests for insert to authenticated
  with check ((select public.is_admin()));

create policy "approval_decisions: readers of the request"
  on public.approval_decisions for select to authenticated
  using (request_id in (select r.id from public.approval_requests r));

create policy "approval_decisions: the organization's approvers answer"
  on public.approval_decisions for insert to authenticated
  with check (
    decided_by = (select auth.uid())
    and organization_id = (select public.current_client_organization_id())
    and exists (
      select 1 from public.organization_approvers a
      where a.organization_id = approval_decisions.organization_id and a.profile_id = (select auth.uid())
    )
  );

revoke execute on function
  public.organization_approvers_check_member(), public.organization_approvers_follow_profile(),
  public.organization_approver_ids(uuid), public.approval_requests_prepare(), public.approval_requests_keep(),
  public.approval_request_answerable(public.approval_requests), public.approval_decisions_prepare(),
  public.approval_decisions_append_only(), public.log_approval(public.approval_requests, text),
  public.notify_approval_requested(public.approval_requests, text, text), public.approval_requests_after_insert(),
  public.approval_decisions_after_insert(), public.approval_requests_reopen(),
  public.send_approval_reminders(numeric, integer, integer)
  from public, anon, authenticated, service_role;

-- Live updates (decision 0014): the record appears on both sides without a reload.
do $$
declare
  name text;
begin
  foreach name in array array['organization_approvers', 'approval_requests', 'approval_decisions'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = name
    ) then
      execute format('alter publication supabase_realtime add table public.%I', name);
    end if;
  end loop;
end
$$;
