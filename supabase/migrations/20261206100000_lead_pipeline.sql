-- Leads as a sales pipeline (issue 25, item 3; decision 0038). The contact form's messages
-- (public.contact_messages) move through new → contacted → qualified → won | lost; a lost lead
-- says why; each lead may have an assignee among staff, a follow-up date that reminds that
-- assignee once, internal notes, a history of its status changes, and the client organization it
-- became. Every rule is here, so it holds on Supabase as on our server.

-- ─── Statuses ─────────────────────────────────────────────────────────────────────────────────

alter table public.contact_messages drop constraint contact_messages_status_check;

alter table public.contact_messages
  add column lost_reason text,
  add column assignee_id uuid references public.profiles (id) on delete set null,
  add column follow_up_on date,
  add column follow_up_reminded_on date,
  add column organization_id uuid references public.organizations (id) on delete set null,
  add column converted_at timestamptz;

-- The old statuses, mapped (decision 0038): "in progress" meant someone had answered, so it is
-- "contacted"; "closed" said nothing about the outcome, and a lead is only "won" when it becomes a
-- client organization, so it is "lost" with a reason that says the outcome was not recorded.
-- Nobody's edit: the row keeps its updated_at and its handler.
alter table public.contact_messages disable trigger contact_messages_set_updated_at;
update public.contact_messages
   set status = 'contacted'
 where status = 'in_progress';
update public.contact_messages
   set status = 'lost', lost_reason = 'Closed before the pipeline existed; the outcome was not recorded.'
 where status = 'closed';
alter table public.contact_messages enable trigger contact_messages_set_updated_at;

alter table public.contact_messages
  add constraint contact_messages_status_check
    check (status in ('new', 'contacted', 'qualified', 'won', 'lost')),
  add constraint contact_messages_lost_reason_length
    check (lost_reason is null or char_length(lost_reason) <= 500),
  -- A lost lead says why; the form asks the same (src/features/leads/rules.ts).
  add constraint contact_messages_lost_reason_required
    check (status <> 'lost' or char_length(btrim(coalesce(lost_reason, ''))) > 0),
  add constraint contact_messages_converted_has_organization
    check (converted_at is null or organization_id is not null);

comment on column public.contact_messages.status is
  'new, contacted, qualified, won or lost (lost needs lost_reason); handled_by records the staff member who last changed it, lead_status_changes every change.';
comment on column public.contact_messages.lost_reason is 'Why the lead was lost: required while the status is lost, cleared when it leaves lost.';
comment on column public.contact_messages.assignee_id is 'The staff member (admin or super_admin) who follows the lead up; never a client.';
comment on column public.contact_messages.follow_up_on is 'The day to follow the lead up: its assignee is reminded once on that day (send_lead_follow_up_reminders).';
comment on column public.contact_messages.follow_up_reminded_on is 'The follow-up date the assignee was last reminded of: one reminder per date.';
comment on column public.contact_messages.organization_id is 'The client organization the lead became (convert_lead_to_organization).';
comment on column public.contact_messages.converted_at is 'When the lead became a client organization.';

create index contact_messages_assignee_id_idx on public.contact_messages (assignee_id);
create index contact_messages_organization_id_idx on public.contact_messages (organization_id);
create index contact_messages_follow_up_due_idx on public.contact_messages (follow_up_on)
  where follow_up_on is not null and status not in ('won', 'lost');

-- ─── What staff may change, and the assignee ─────────────────────────────────────────────────

-- Staff work the pipeline: status, reason, assignee and follow-up date. What the visitor sent,
-- the conversion and the reminder's bookkeeping are not theirs to change (the conversion goes
-- through convert_lead_to_organization). A super_admin may correct anything. Security invoker on
-- purpose: current_user must be the caller.
create or replace function public.contact_messages_guard_update()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') and not public.is_super_admin() then
    if (to_jsonb(new) - 'status' - 'handled_by' - 'updated_at' - 'lost_reason' - 'assignee_id' - 'follow_up_on')
       is distinct from
       (to_jsonb(old) - 'status' - 'handled_by' - 'updated_at' - 'lost_reason' - 'assignee_id' - 'follow_up_on') then
      raise exception 'Staff can only change the status, lost reason, assignee and follow-up date of a lead'
        using errcode = '42501';
    end if;
    new.handled_by := old.handled_by;
  end if;
  if new.status is distinct from old.status then
    new.handled_by := coalesce(auth.uid(), new.handled_by);
  end if;
  -- A lead that is no longer lost has no reason to be lost.
  if new.status <> 'lost' then
    new.lost_reason := null;
  end if;
  if new.lost_reason is not null then
    new.lost_reason := nullif(btrim(new.lost_reason), '');
  end if;
  return new;
end;
$$;

comment on function public.contact_messages_guard_update() is
  'Trigger: records who changed the status and clears the lost reason of a lead that is no longer lost; staff (not super_admin) may change only the pipeline fields.';

-- Only active staff follow leads up. Row-level security is checked after this trigger, and only
-- staff pass it, so the message tells nothing a caller may not know.
create or replace function public.contact_messages_check_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.assignee_id is not null
     and (tg_op = 'INSERT' or new.assignee_id is distinct from old.assignee_id)
     and not exists (
       select 1 from public.profiles p
       where p.id = new.assignee_id and p.role in ('admin', 'super_admin') and p.is_active
     ) then
    raise exception 'The assignee of a lead must be an active staff member'
      using errcode = '23514', constraint = 'contact_messages_assignee_staff';
  end if;
  return new;
end;
$$;

comment on function public.contact_messages_check_assignee() is
  'Trigger: the assignee of a lead is an active admin or super_admin (constraint name contact_messages_assignee_staff).';

create trigger contact_messages_check_assignee
  before insert or update of assignee_id on public.contact_messages
  for each row execute function public.contact_messages_check_assignee();

-- A person who stops being staff stops following leads.
create or replace function public.contact_messages_follow_assignee()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.role not in ('admin', 'super_admin') or not new.is_active then
    update public.contact_messages set assignee_id = null where assignee_id = new.id;
  end if;
  return null;
end;
$$;

create trigger profiles_lead_assignee_follow
  after update of role, is_active on public.profiles
  for each row execute function public.contact_messages_follow_assignee();

-- A visitor's insert sets none of the pipeline's fields: the column grants of the contact form
-- (20261121221200) already leave them out.

-- ─── History of status changes ───────────────────────────────────────────────────────────────

create table public.lead_status_changes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.contact_messages (id) on delete cascade,
  from_status text not null,
  to_status text not null,
  lost_reason text,
  changed_by uuid references public.profiles (id) on delete set null,
  changed_at timestamptz not null default now()
);

comment on table public.lead_status_changes is
  'Every status change of a lead (who, when, from, to, and the reason of a loss), written by a trigger only. Staff read them; nobody writes them.';

create index lead_status_changes_lead_id_idx on public.lead_status_changes (lead_id, changed_at);
create index lead_status_changes_changed_by_idx on public.lead_status_changes (changed_by);

create or replace function public.contact_messages_record_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.lead_status_changes (lead_id, from_status, to_status, lost_reason, changed_by)
  values (new.id, old.status, new.status, case when new.status = 'lost' then new.lost_reason end, auth.uid());
  return null;
end;
$$;

comment on function public.contact_messages_record_status() is 'Trigger: writes a lead_status_changes row for each status change.';

create trigger contact_messages_record_status
  after update of status on public.contact_messages
  for each row when (old.status is distinct from new.status)
  execute function public.contact_messages_record_status();

-- ─── Internal notes ──────────────────────────────────────────────────────────────────────────

create table public.lead_notes (
  id uuid primary key default gen_random_uuid(),
  lead_id uuid not null references public.contact_messages (id) on delete cascade,
  author_id uuid default auth.uid() references public.profiles (id) on delete set null,
  body text not null,
  created_at timestamptz not null default now(),
  constraint lead_notes_body_length check (char_length(btrim(body)) between 1 and 5000)
);

comment on table public.lead_notes is
  'Staff''s internal notes on a lead, with author and time. Staff read them and add their own; notes are a record, never edited; a super_admin may delete one.';

create index lead_notes_lead_id_idx on public.lead_notes (lead_id, created_at);
create index lead_notes_author_id_idx on public.lead_notes (author_id);

-- ─── Access ──────────────────────────────────────────────────────────────────────────────────

alter table public.lead_status_changes enable row level security;
alter table public.lead_notes enable row level security;

revoke all on table public.lead_status_changes, public.lead_notes from public, anon, authenticated, service_role;
grant select on table public.lead_status_changes to authenticated, service_role;
grant select, delete on table public.lead_notes to authenticated, service_role;
grant insert (lead_id, body) on table public.lead_notes to authenticated;
grant insert on table public.lead_notes to service_role;

create policy "lead_status_changes: staff read"
  on public.lead_status_changes for select to authenticated
  using ((select public.is_admin()));

create policy "lead_notes: staff read"
  on public.lead_notes for select to authenticated
  using ((select public.is_admin()));

create policy "lead_notes: staff add their own"
  on public.lead_notes for insert to authenticated
  with check ((select public.is_admin()) and author_id = (select auth.uid()));

create policy "lead_notes: super_admin deletes"
  on public.lead_notes for delete to authenticated
  using ((select public.is_super_admin()));

-- ─── Convert into a client organization ─────────────────────────────────────────────────────

-- A slug for a new organization from its name: lower case ASCII words joined by hyphens, with a
-- number added when the slug is taken.
create or replace function private.organization_slug_for(name text)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  base text;
  candidate text;
  n integer := 1;
begin
  base := lower(translate(name, 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇç',
                                'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCc'));
  base := btrim(regexp_replace(base, '[^a-z0-9]+', '-', 'g'), '-');
  base := btrim(left(base, 70), '-');
  if base = '' then
    base := 'client';
  end if;
  candidate := base;
  while exists (select 1 from public.organizations o where o.slug = candidate) loop
    n := n + 1;
    candidate := base || '-' || n;
  end loop;
  return candidate;
end;
$$;

revoke execute on function private.organization_slug_for(text) from public, anon, authenticated;

-- One step, atomic: the organization (named after the company, or the person when there is no
-- company; in the lead's language), the lead marked won and linked to it. Staff only; anyone
-- else learns nothing (the same answer as a lead that does not exist). The invitation of the
-- person goes through the admin-users Edge Function afterwards (it needs the service role);
-- a failed invitation leaves the organization in place to invite again from its page.
create or replace function public.convert_lead_to_organization(lead_id uuid, organization_name text default null)
returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.contact_messages;
  new_name text;
  new_id uuid;
begin
  if not public.is_admin() then
    raise exception 'No such lead' using errcode = 'P0002';
  end if;
  select * into lead from public.contact_messages m where m.id = convert_lead_to_organization.lead_id for update;
  if not found then
    raise exception 'No such lead' using errcode = 'P0002';
  end if;
  if lead.organization_id is not null then
    raise exception 'This lead is already a client organization'
      using errcode = '23514', constraint = 'contact_messages_converted_once';
  end if;
  if lead.status not in ('qualified', 'won') then
    raise exception 'Only a qualified or won lead becomes a client organization'
      using errcode = '23514', constraint = 'contact_messages_convert_qualified';
  end if;
  new_name := btrim(coalesce(nullif(btrim(organization_name), ''), nullif(btrim(lead.company), ''), lead.name));
  insert into public.organizations (name, slug, default_locale)
  values (new_name, private.organization_slug_for(new_name), lead.locale)
  returning id into new_id;
  update public.contact_messages m
     set organization_id = new_id, converted_at = now(), status = 'won', follow_up_on = null
   where m.id = lead.id;
  return new_id;
end;
$$;

comment on function public.convert_lead_to_organization(uuid, text) is
  'Staff: creates a client organization from a qualified or won lead (its company or name, its language), marks the lead won and links it. Returns the organization''s id.';

revoke execute on function public.convert_lead_to_organization(uuid, text) from public, anon;
grant execute on function public.convert_lead_to_organization(uuid, text) to authenticated;

-- ─── Follow-up reminders ─────────────────────────────────────────────────────────────────────

alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'document_shared', 'report_published', 'task_assigned', 'document_uploaded', 'contact_message',
  'organization_access', 'conversation_message', 'conversation_mention',
  'approval_requested', 'approval_reminder', 'approval_answered',
  'lead_follow_up'
));
comment on column public.notifications.kind is
  'document_shared, report_published, task_assigned, organization_access, approval_requested, approval_reminder (clients); document_uploaded, contact_message, approval_answered, lead_follow_up (staff); task_assigned, conversation_message and conversation_mention both.';

-- A follow-up is the assignee's to-do: its e-mail follows the person's "tasks" choice (decision
-- 0035's groups, with this one kind added).
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
  end
$$;

-- Reminds each assignee of the open leads whose follow-up date has come, once per date: the
-- lead's follow_up_reminded_on is set in the same statement that claims it (skip locked, so two
-- runners never remind twice), and the notification's dedupe key carries the date. A new date
-- reminds again. Run by Supabase Cron every 15 minutes, and by our server on its timer.
create or replace function public.send_lead_follow_up_reminders(batch_size integer)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  lead public.contact_messages;
  reminded integer := 0;
begin
  for lead in
    with due as (
      select m.id from public.contact_messages m
      where m.follow_up_on is not null and m.follow_up_on <= current_date
        and m.follow_up_reminded_on is distinct from m.follow_up_on
        and m.assignee_id is not null and m.status not in ('won', 'lost')
      order by m.follow_up_on
      limit batch_size
      for update skip locked
    )
    update public.contact_messages m
       set follow_up_reminded_on = m.follow_up_on
      from due
     where m.id = due.id
    returning m.*
  loop
    perform public.notify(
      array[lead.assignee_id], 'lead_follow_up', 'lead-follow-up:' || lead.id || ':' || lead.follow_up_on,
      null, null, 'contact_message', lead.id,
      'Seguimiento pendiente: ' || left(lead.name, 150), 'Follow-up due: ' || left(lead.name, 150),
      format('Hoy toca hacer el seguimiento de %s%s.', lead.name, coalesce(' (' || lead.company || ')', '')),
      format('Today is the day to follow up %s%s.', lead.name, coalesce(' (' || lead.company || ')', '')),
      jsonb_build_object('contact_message_id', lead.id, 'follow_up_on', lead.follow_up_on)
    );
    reminded := reminded + 1;
  end loop;
  return reminded;
end;
$$;

comment on function public.send_lead_follow_up_reminders(integer) is
  'Scheduled job: reminds the assignee of each open lead whose follow-up date has come, once per date; returns how many leads were reminded.';

-- The reminder's bookkeeping is written as the owner (security definer): the guard lets it pass.
revoke execute on function
  public.contact_messages_check_assignee(), public.contact_messages_follow_assignee(),
  public.contact_messages_record_status(), public.send_lead_follow_up_reminders(integer)
  from public, anon, authenticated, service_role;

-- Supabase Cron runs the reminders (migration 20261130110000's way); where pg_cron is missing our
-- server runs the same function on its timer (APPROVAL_REMINDER_INTERVAL_MS, as the reminders of approvals).
do $migration$
begin
  if to_regnamespace('cron') is null then
    raise notice 'pg_cron is not enabled here: lead-follow-ups is not scheduled (our server runs it itself)';
    return;
  end if;
  perform cron.schedule('lead-follow-ups', '*/15 * * * *',
    $job$ select public.send_lead_follow_up_reminders(100) $job$);
end
$migration$;
