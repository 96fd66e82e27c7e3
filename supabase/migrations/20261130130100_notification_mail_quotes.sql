-- Notification e-mails warn about quoted text only where a person's own words are quoted (issue
-- 23, minor 9). Titles the firm writes (a document, report, task or deliverable) are quoted too,
-- with the same marks, so the sender cannot tell them apart by the text: each notification the
-- mailer claims now says whether it quotes a person (`quotes_person`), decided here beside the
-- triggers that quote with private.client_quote. A new notification that quotes a person's words
-- is added to private.notification_quotes_person.

-- The client's comment when they ask for changes is their words: quoted as theirs, like a message.
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
      else format('%s pide cambios en «%s» (versión %s) del proyecto %s: %s', new.decided_by_name, req.deliverable_title,
        new.version, project.name, private.client_quote(new.comment, 600, 'es'))
    end,
    case when new.decision = 'approved'
      then format('%s approved “%s” (version %s) in the project %s.', new.decided_by_name, req.deliverable_title, new.version, project.name)
      else format('%s asks for changes to “%s” (version %s) in the project %s: %s', new.decided_by_name, req.deliverable_title,
        new.version, project.name, private.client_quote(new.comment, 600, 'en'))
    end,
    jsonb_build_object('approval_request_id', req.id, 'project_id', req.project_id, 'decision', new.decision, 'version', new.version)
  );
  return null;
end;
$$;

-- Which notifications quote a person's words (made safe by private.client_quote): a message, a
-- lead, a client's upload (to staff, and to the client's colleagues: `uploaded_by` in its data),
-- and a request for changes with its comment. Everything else quotes only the firm's own titles.
create or replace function private.notification_quotes_person(n public.notifications)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select n.kind in ('conversation_message', 'conversation_mention', 'contact_message', 'document_uploaded')
    or (n.kind = 'document_shared' and coalesce(n.data ? 'uploaded_by', false))
    or (n.kind = 'approval_answered' and coalesce(n.data ->> 'decision', '') = 'changes_requested')
$$;

comment on function private.notification_quotes_person(public.notifications) is
  'Whether a notification quotes words a person wrote (a message, a lead, a client upload''s name, a comment), so its e-mail says whose they are.';

-- One notification as a sender renders it, now with whether it quotes a person.
create or replace function private.email_notification_item(n public.notifications)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', n.id, 'kind', n.kind, 'title', n.title, 'body', n.body,
    'project_id', n.project_id, 'project_name', (select pr.name from public.projects pr where pr.id = n.project_id),
    'entity_type', n.entity_type, 'entity_id', n.entity_id, 'created_at', n.created_at,
    'quotes_person', private.notification_quotes_person(n))
$$;

revoke execute on function private.notification_quotes_person(public.notifications),
  private.email_notification_item(public.notifications) from public;
