-- A conversation per project (docs/decisions/0016): clients of the project's organization and
-- staff write messages; staff may also write internal notes, which row-level security hides from
-- clients. Messages are plain text (the screens render it as text, never as HTML). The author may
-- edit a message within the edit window and delete it at any time; a deleted message stays as a
-- marker ("deleted") with its text, mentions and attachments erased. Everyone records how far
-- they have read (conversation_reads); the unread counts come from that marker.
--
-- The limits live in one row the server sets at start-up from its environment
-- (CONVERSATION_MAX_MESSAGE_CHARS, CONVERSATION_EDIT_MINUTES, CONVERSATION_MAX_ATTACHMENTS), so the
-- database enforces what .env says and the screens read the same numbers.

create schema if not exists private;
revoke all on schema private from public;

create table private.conversation_settings (
  singleton boolean primary key default true constraint conversation_settings_singleton check (singleton),
  max_message_chars integer not null default 4000 constraint conversation_settings_chars check (max_message_chars between 1 and 100000),
  edit_minutes integer not null default 15 constraint conversation_settings_edit check (edit_minutes between 0 and 10080),
  max_attachments integer not null default 5 constraint conversation_settings_attachments check (max_attachments between 0 and 100)
);
alter table private.conversation_settings enable row level security;
revoke all on table private.conversation_settings from public;
comment on table private.conversation_settings is
  'Limits of the project conversations, written by the server at start-up from its environment.';
insert into private.conversation_settings default values;

-- The limits for the screens (the same numbers the triggers below enforce).
create or replace function public.conversation_settings()
returns table (max_message_chars integer, edit_minutes integer, max_attachments integer)
language sql
stable
security definer
set search_path = ''
as $$
  select s.max_message_chars, s.edit_minutes, s.max_attachments from private.conversation_settings s
$$;
revoke execute on function public.conversation_settings() from public, anon;
grant execute on function public.conversation_settings() to authenticated, service_role;

create table public.conversation_messages (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  body text not null,
  is_internal boolean not null default false,
  mentions uuid[] not null default '{}',
  document_ids uuid[] not null default '{}',
  created_at timestamptz not null default now(),
  edited_at timestamptz,
  deleted_at timestamptz,
  constraint conversation_messages_body_present check (deleted_at is not null or char_length(btrim(body)) >= 1),
  constraint conversation_messages_deleted_empty check (
    deleted_at is null or (body = '' and cardinality(mentions) = 0 and cardinality(document_ids) = 0)
  )
);

comment on table public.conversation_messages is
  'The conversation of each project: messages of its organization''s clients and of staff, and staff-only internal notes (is_internal). Plain text; mentions and document_ids point at people and documents of the project.';
comment on column public.conversation_messages.is_internal is 'Staff-only note: never visible to clients (row-level security).';
comment on column public.conversation_messages.deleted_at is 'Deleted by its author: the row stays as a marker, its text, mentions and attachments erased.';

create index conversation_messages_project_idx on public.conversation_messages (project_id, created_at, id);
create index conversation_messages_author_idx on public.conversation_messages (author_id);

create table public.conversation_reads (
  project_id uuid not null references public.projects (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  last_read_at timestamptz not null,
  updated_at timestamptz not null default now(),
  primary key (project_id, user_id)
);

comment on table public.conversation_reads is
  'How far each person has read a project''s conversation: every message created up to last_read_at.';

create index conversation_reads_user_idx on public.conversation_reads (user_id);

-- The people of a project: its organization's active clients (when the project is shared with
-- them) and active staff. They may be mentioned; the screens show their names.
create or replace function public.project_member_ids(target_project uuid)
returns uuid[]
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  project public.projects;
begin
  select * into project from public.projects where id = target_project;
  if not found then
    return '{}';
  end if;
  return public.staff_ids()
    || case when project.visible_to_client then public.organization_client_ids(project.organization_id) else '{}'::uuid[] end;
end
$$;
revoke execute on function public.project_member_ids(uuid) from public, anon, authenticated, service_role;

-- Names of the people on a project and of the authors of its messages, for whoever may read the
-- conversation (clients may not read staff profiles directly). Nothing for anyone else.
create or replace function public.conversation_people(target_project uuid)
returns table (id uuid, full_name text, is_staff boolean, is_member boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  members uuid[];
begin
  if not (target_project in (select public.client_project_ids()) or public.is_admin()) then
    return;
  end if;
  members := public.project_member_ids(target_project);
  return query
    select p.id, p.full_name, p.role <> 'client', p.id = any(members)
    from public.profiles p
    where p.id = any(members)
      or p.id in (
        select m.author_id from public.conversation_messages m
        where m.project_id = target_project and (not m.is_internal or public.is_admin())
      )
    order by p.full_name;
end
$$;
revoke execute on function public.conversation_people(uuid) from public, anon;
grant execute on function public.conversation_people(uuid) to authenticated;

-- What a message may hold, checked on every insert and edit (not only in the screens): its length,
-- mentions of people on the project (no client in an internal note), documents of the same
-- project (shared ones only, unless the note is internal), at most max_attachments of them.
-- An edit happens within the edit window and changes only the text, mentions and attachments;
-- a delete (setting deleted_at) erases them; a deleted message never changes again.
create or replace function public.conversation_messages_guard()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  settings private.conversation_settings;
  project public.projects;
  members uuid[];
  clients uuid[];
begin
  select * into settings from private.conversation_settings;

  if tg_op = 'UPDATE' then
    if old.deleted_at is not null then
      raise exception 'A deleted message cannot be changed'
        using errcode = '23514', constraint = 'conversation_messages_deleted';
    end if;
    if new.project_id is distinct from old.project_id or new.author_id is distinct from old.author_id
       or new.is_internal is distinct from old.is_internal or new.created_at is distinct from old.created_at then
      raise exception 'Only the text, mentions and attachments of a message can change'
        using errcode = '42501';
    end if;
    if new.deleted_at is not null then
      new.deleted_at := now();
      new.body := '';
      new.mentions := '{}';
      new.document_ids := '{}';
      new.edited_at := old.edited_at;
      return new;
    end if;
    if now() > old.created_at + make_interval(mins => settings.edit_minutes) then
      raise exception 'A message can be edited for % minutes after it was written', settings.edit_minutes
        using errcode = '23514', constraint = 'conversation_messages_edit_window';
    end if;
    new.edited_at := now();
  else
    new.created_at := now();
    new.edited_at := null;
    new.deleted_at := null;
  end if;

  new.body := btrim(new.body, E' \t\r\n');
  if char_length(new.body) > settings.max_message_chars then
    raise exception 'A message has at most % characters', settings.max_message_chars
      using errcode = '23514', constraint = 'conversation_messages_body_length';
  end if;

  select * into project from public.projects where id = new.project_id;
  members := public.project_member_ids(new.project_id);
  clients := public.organization_client_ids(project.organization_id);
  new.mentions := array(select distinct m from unnest(new.mentions) m);
  if exists (
    select 1 from unnest(new.mentions) m
    where not (m = any(members)) or (new.is_internal and m = any(clients))
  ) then
    raise exception 'Only people on the project can be mentioned'
      using errcode = '23514', constraint = 'conversation_messages_mentions';
  end if;

  new.document_ids := array(select distinct d from unnest(new.document_ids) d);
  if cardinality(new.document_ids) > settings.max_attachments then
    raise exception 'A message has at most % attachments', settings.max_attachments
      using errcode = '23514', constraint = 'conversation_messages_attachments_count';
  end if;
  if exists (
    select 1 from unnest(new.document_ids) d
    where not exists (
      select 1 from public.documents doc
      where doc.id = d and doc.project_id = new.project_id and (doc.visible_to_client or new.is_internal)
    )
  ) then
    raise exception 'Only documents of the project can be attached'
      using errcode = '23514', constraint = 'conversation_messages_attachments';
  end if;
  return new;
end;
$$;

comment on function public.conversation_messages_guard() is
  'Trigger: limits, mentions, attachments, the edit window and deletion of conversation messages.';

create trigger conversation_messages_guard
  before insert or update on public.conversation_messages
  for each row execute function public.conversation_messages_guard();

-- One notification per person who may see the message (not its author): kind
-- conversation_message, or conversation_mention for those it mentions (an edit that adds a
-- mention notifies the newly mentioned once). In each recipient's language.
create or replace function public.notify_conversation_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project public.projects;
  author_name text;
  readers uuid[];
  mentioned uuid[];
  excerpt text := left(regexp_replace(new.body, '\s+', ' ', 'g'), 300);
begin
  if new.deleted_at is not null then
    return null;
  end if;
  select * into project from public.projects where id = new.project_id;
  select coalesce(nullif(p.full_name, ''), p.email, '') into author_name from public.profiles p where p.id = new.author_id;
  readers := public.staff_ids()
    || case when new.is_internal or not project.visible_to_client then '{}'::uuid[]
       else public.organization_client_ids(project.organization_id) end;
  mentioned := array(select m from unnest(new.mentions) m where m = any(readers));

  if tg_op = 'INSERT' then
    perform public.notify(
      array(select r from unnest(readers) r where not (r = any(mentioned))),
      'conversation_message', 'conversation-message:' || new.id,
      project.organization_id, project.id, 'conversation_message', new.id,
      case when new.is_internal then 'Nueva nota interna' else 'Nuevo mensaje en la conversación' end,
      case when new.is_internal then 'New internal note' else 'New message in the conversation' end,
      format('%s ha escrito en el proyecto %s: %s', author_name, project.name, excerpt),
      format('%s wrote in the project %s: %s', author_name, project.name, excerpt),
      jsonb_build_object('message_id', new.id, 'project_id', project.id, 'is_internal', new.is_internal)
    );
  end if;
  if cardinality(mentioned) > 0 then
    perform public.notify(
      mentioned, 'conversation_mention', 'conversation-mention:' || new.id,
      project.organization_id, project.id, 'conversation_message', new.id,
      'Le han mencionado en la conversación', 'You were mentioned in the conversation',
      format('%s le ha mencionado en el proyecto %s: %s', author_name, project.name, excerpt),
      format('%s mentioned you in the project %s: %s', author_name, project.name, excerpt),
      jsonb_build_object('message_id', new.id, 'project_id', project.id, 'is_internal', new.is_internal)
    );
  end if;
  return null;
end;
$$;

comment on function public.notify_conversation_message() is
  'Trigger: notifies everyone who may see a new message (its mentioned people as mentions).';

create trigger conversation_messages_notify
  after insert or update of mentions on public.conversation_messages
  for each row execute function public.notify_conversation_message();

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'document_shared', 'report_published', 'task_assigned', 'document_uploaded', 'contact_message',
  'organization_access', 'conversation_message', 'conversation_mention'
));
alter table public.notifications drop constraint notifications_entity_type_check;
alter table public.notifications add constraint notifications_entity_type_check check (
  entity_type is null or entity_type in ('document', 'report', 'task', 'contact_message', 'conversation_message')
);
comment on column public.notifications.kind is
  'document_shared, report_published, task_assigned, organization_access (clients); document_uploaded, contact_message (staff); task_assigned, conversation_message, conversation_mention (both).';

-- The activity trail: "wrote in the conversation", never the text (so never an internal note's).
create or replace function public.log_conversation_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  organization uuid;
begin
  select p.organization_id into organization from public.projects p where p.id = new.project_id;
  insert into public.activity_log
    (actor_id, organization_id, project_id, entity_type, entity_id, action, summary, is_internal)
  values (
    auth.uid(), organization, new.project_id, 'conversation_message', new.id,
    case when new.deleted_at is not null then 'delete' else 'create' end, '{}'::jsonb, new.is_internal
  );
  return null;
end;
$$;

comment on function public.log_conversation_message() is
  'Trigger: appends "wrote in the conversation" (and deletions) to activity_log, without the text.';

create trigger conversation_messages_log_activity
  after insert on public.conversation_messages
  for each row execute function public.log_conversation_message();
create trigger conversation_messages_log_deletion
  after update of deleted_at on public.conversation_messages
  for each row when (old.deleted_at is null and new.deleted_at is not null)
  execute function public.log_conversation_message();

alter table public.activity_log drop constraint activity_log_entity_type_check;
alter table public.activity_log add constraint activity_log_entity_type_check check (
  entity_type in ('project', 'document', 'report', 'analytics_metric', 'task', 'profile', 'conversation_message')
);

-- Marks the conversation read up to a moment (never backwards), as the caller.
create or replace function public.mark_conversation_read(target_project uuid, up_to timestamptz)
returns void
language sql
security invoker
set search_path = ''
as $$
  insert into public.conversation_reads (project_id, user_id, last_read_at)
  values (target_project, auth.uid(), least(up_to, now()))
  on conflict (project_id, user_id) do update
    set last_read_at = greatest(public.conversation_reads.last_read_at, excluded.last_read_at), updated_at = now()
$$;
revoke execute on function public.mark_conversation_read(uuid, timestamptz) from public, anon;
grant execute on function public.mark_conversation_read(uuid, timestamptz) to authenticated;

-- The caller's unread messages per project: those they may see (row-level security, as the
-- caller), not their own, not deleted, written after their read marker.
create or replace function public.conversation_unread_counts()
returns table (project_id uuid, unread integer)
language sql
stable
security invoker
set search_path = ''
as $$
  select m.project_id, count(*)::integer
  from public.conversation_messages m
  left join public.conversation_reads r on r.project_id = m.project_id and r.user_id = auth.uid()
  where m.author_id is distinct from auth.uid()
    and m.deleted_at is null
    and (r.last_read_at is null or m.created_at > r.last_read_at)
  group by m.project_id
$$;
revoke execute on function public.conversation_unread_counts() from public, anon;
grant execute on function public.conversation_unread_counts() to authenticated;

revoke execute on function public.conversation_messages_guard(), public.notify_conversation_message(),
  public.log_conversation_message() from public, anon, authenticated, service_role;

alter table public.conversation_messages enable row level security;
alter table public.conversation_reads enable row level security;

revoke all on table public.conversation_messages, public.conversation_reads from public, anon, authenticated;
grant select on table public.conversation_messages to authenticated;
grant insert (project_id, body, is_internal, mentions, document_ids) on table public.conversation_messages to authenticated;
grant update (body, mentions, document_ids, deleted_at) on table public.conversation_messages to authenticated;
grant select on table public.conversation_reads to authenticated;
grant insert (project_id, user_id, last_read_at) on table public.conversation_reads to authenticated;
grant update (last_read_at, updated_at) on table public.conversation_reads to authenticated;
grant all on table public.conversation_messages, public.conversation_reads to service_role;

create policy "conversation_messages: clients read non-internal, staff all"
  on public.conversation_messages for select to authenticated
  using (
    (not is_internal and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );

create policy "conversation_messages: members of the project write"
  on public.conversation_messages for insert to authenticated
  with check (
    author_id = (select auth.uid())
    and (
      (not is_internal and project_id in (select public.client_project_ids()))
      or (select public.is_admin())
    )
  );

create policy "conversation_messages: authors edit and delete their own"
  on public.conversation_messages for update to authenticated
  using (
    author_id = (select auth.uid())
    and (
      (not is_internal and project_id in (select public.client_project_ids()))
      or (select public.is_admin())
    )
  )
  with check (
    author_id = (select auth.uid())
    and (
      (not is_internal and project_id in (select public.client_project_ids()))
      or (select public.is_admin())
    )
  );

create policy "conversation_reads: people of the project read the markers"
  on public.conversation_reads for select to authenticated
  using (project_id in (select public.client_project_ids()) or (select public.is_admin()));

create policy "conversation_reads: people record their own"
  on public.conversation_reads for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and (project_id in (select public.client_project_ids()) or (select public.is_admin()))
  );

create policy "conversation_reads: people move their own"
  on public.conversation_reads for update to authenticated
  using (user_id = (select auth.uid()) and (project_id in (select public.client_project_ids()) or (select public.is_admin())))
  with check (user_id = (select auth.uid()) and (project_id in (select public.client_project_ids()) or (select public.is_admin())));

-- Live in the portal and the admin area (decision 0014), as on hosted Supabase.
do $$
declare
  name text;
begin
  foreach name in array array['conversation_messages', 'conversation_reads'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = name
    ) then
      execute format('alter publication supabase_realtime add table public.%I', name);
    end if;
  end loop;
end
$$;

-- "Who is reading the thread": Realtime presence on the private channel `conversation:<project
-- id>`, which only the people who may read the project's conversation may join (Realtime asks
-- these policies as the joining person, decision 0014). A malformed topic matches nothing.
create or replace function public.conversation_topic_project(topic text)
returns uuid
language sql
immutable
set search_path = ''
as $$
  select case when topic ~ '^conversation:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
    then substr(topic, 14)::uuid end
$$;
grant execute on function public.conversation_topic_project(text) to authenticated;

create policy "conversation presence: people of the project listen"
  on realtime.messages for select to authenticated
  using (
    public.conversation_topic_project((select realtime.topic())) in (select public.client_project_ids())
    or (public.conversation_topic_project((select realtime.topic())) is not null and (select public.is_admin()))
  );

create policy "conversation presence: people of the project are present"
  on realtime.messages for insert to authenticated
  with check (
    public.conversation_topic_project((select realtime.topic())) in (select public.client_project_ids())
    or (public.conversation_topic_project((select realtime.topic())) is not null and (select public.is_admin()))
  );
