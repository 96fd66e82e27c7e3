-- Notification e-mails as digests (decision 0019). The notifications table stays the outbox; this
-- adds when each person was last sent a digest, so the mailer can claim a person at most once per
-- interval in one statement (the row lock on this table is what two servers contend for).
-- Notifications the person has read before their digest went out are not e-mailed at all.

create table private.notification_digests (
  recipient_id uuid primary key references public.profiles (id) on delete cascade,
  last_sent_at timestamptz not null
);
alter table private.notification_digests enable row level security;
revoke all on table private.notification_digests from public;
comment on table private.notification_digests is
  'When each person was last sent a notification digest e-mail; the mailer sends the next one no sooner than NOTIFICATION_DIGEST_MINUTES later.';

-- The mailer looks for unread, unsent notifications per person; read ones are never sent.
create index notifications_email_pending_idx on public.notifications (recipient_id, created_at)
  where emailed_at is null and read_at is null;
drop index if exists public.notifications_email_outbox_idx;

-- Text a client (or a visitor) chose, made safe to show inside a notification written by the
-- firm: line breaks, control, invisible and direction-changing characters become spaces (they
-- could fake a new paragraph or reverse what is shown), quote marks become apostrophes (so the
-- quote cannot be closed from inside), runs of spaces collapse, and it is cut to max_chars.
create or replace function private.client_text(value text, max_chars integer)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when char_length(cleaned) > max_chars then rtrim(left(cleaned, greatest(max_chars - 1, 1))) || '…' else cleaned end
  from (
    select btrim(regexp_replace(
      regexp_replace(
        regexp_replace(coalesce(value, ''), '[[:cntrl:]\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]', ' ', 'g'),
        '[«»“”„‟"‹›]', '''', 'g'),
      '\s+', ' ', 'g')) as cleaned
  ) s
$$;

comment on function private.client_text(text, integer) is
  'Client-chosen text made safe to embed in a notification: one line, no invisible or direction characters, no quote marks, at most max_chars.';

-- The same, quoted as the person's words: «…» in Spanish, “…” in English.
create or replace function private.client_quote(value text, max_chars integer, locale text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when locale = 'en' then '“' || private.client_text(value, max_chars) || '”'
              else '«' || private.client_text(value, max_chars) || '»' end
$$;

comment on function private.client_quote(text, integer, text) is
  'Client-chosen text quoted as theirs in a notification: «…» (es) or “…” (en), made safe by client_text.';

-- The service a lead asks about, as the public pages name it.
create or replace function private.contact_interest_label(interest text, locale text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case interest
    when 'business-intelligence' then 'Business intelligence'
    when 'data-architecture' then case when locale = 'en' then 'Data architecture' else 'Arquitectura de datos' end
    when 'data-engineering' then case when locale = 'en' then 'Data engineering' else 'Ingeniería de datos' end
    when 'governance' then case when locale = 'en' then 'Data governance' else 'Gobierno de datos' end
    when 'financial-intelligence' then case when locale = 'en' then 'Financial intelligence' else 'Inteligencia financiera' end
    when 'customer-intelligence' then case when locale = 'en' then 'Customer intelligence' else 'Inteligencia de clientes' end
    when 'other' then case when locale = 'en' then 'Other' else 'Otro' end
    else case when locale = 'en' then 'not given' else 'no indicado' end
  end
$$;

-- In the private schema: internal to the triggers, never part of the API.
revoke execute on function private.client_text(text, integer), private.client_quote(text, integer, text),
  private.contact_interest_label(text, text) from public;

-- Documents: a name a client chose is quoted and attributed to the client who uploaded it, for
-- staff and for the client's colleagues alike. Same events and recipients as before.
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
  by_client boolean;
  who text;
begin
  select * into project from public.projects where id = new.project_id;
  select o.name into organization_name from public.organizations o where o.id = project.organization_id;
  select * into uploader from public.profiles where id = new.uploaded_by;
  by_client := coalesce(uploader.role = 'client', false);
  who := private.client_text(nullif(uploader.full_name, ''), 80);
  if who = '' then
    who := private.client_text(uploader.email, 80);
  end if;

  if new.visible_to_client and project.visible_to_client and (tg_op = 'INSERT' or not old.visible_to_client) then
    if by_client then
      perform public.notify(
        public.organization_client_ids(project.organization_id), 'document_shared', 'document-shared:' || new.id,
        project.organization_id, project.id, 'document', new.id,
        'Nuevo documento disponible', 'New document available',
        format('%s ha subido %s al proyecto %s.', who, private.client_quote(new.name, 120, 'es'), project.name),
        format('%s uploaded %s to the project %s.', who, private.client_quote(new.name, 120, 'en'), project.name),
        jsonb_build_object('document_id', new.id, 'project_id', project.id, 'uploaded_by', uploader.id)
      );
    else
      perform public.notify(
        public.organization_client_ids(project.organization_id), 'document_shared', 'document-shared:' || new.id,
        project.organization_id, project.id, 'document', new.id,
        'Nuevo documento disponible', 'New document available',
        format('«%s» ya está disponible en el proyecto %s.', new.name, project.name),
        format('“%s” is now available in the project %s.', new.name, project.name),
        jsonb_build_object('document_id', new.id, 'project_id', project.id)
      );
    end if;
  end if;

  if tg_op = 'INSERT' and by_client then
    perform public.notify(
      public.staff_ids(), 'document_uploaded', 'document-uploaded:' || new.id,
      project.organization_id, project.id, 'document', new.id,
      'Un cliente ha subido un documento', 'A client uploaded a document',
      format('%s (%s) ha subido %s al proyecto %s.', who, organization_name, private.client_quote(new.name, 120, 'es'), project.name),
      format('%s (%s) uploaded %s to the project %s.', who, organization_name, private.client_quote(new.name, 120, 'en'), project.name),
      jsonb_build_object('document_id', new.id, 'project_id', project.id, 'uploaded_by', uploader.id)
    );
  end if;
  return null;
end;
$$;

-- A lead: every field the visitor typed is labelled or quoted as theirs, with the topic and the
-- phone staff need to call back.
create or replace function public.notify_contact_message()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender text := private.client_text(new.name, 80) || coalesce(' (' || nullif(private.client_text(new.company, 80), '') || ')', '');
  address text := private.client_text(new.email, 254);
  phone text := nullif(private.client_text(new.phone, 40), '');
begin
  perform public.notify(
    public.staff_ids(), 'contact_message', 'contact-message:' || new.id,
    null, null, 'contact_message', new.id,
    'Nuevo mensaje de contacto', 'New contact message',
    format('De: %s <%s>. Teléfono: %s. Tema: %s. Mensaje: %s', sender, address, coalesce(phone, 'no indicado'),
      private.contact_interest_label(new.interest, 'es'), private.client_quote(new.message, 300, 'es')),
    format('From: %s <%s>. Phone: %s. Topic: %s. Message: %s', sender, address, coalesce(phone, 'not given'),
      private.contact_interest_label(new.interest, 'en'), private.client_quote(new.message, 300, 'en')),
    jsonb_build_object('contact_message_id', new.id, 'interest', new.interest)
  );
  return null;
end;
$$;

revoke execute on function public.notify_document(), public.notify_contact_message() from public, anon, authenticated;
