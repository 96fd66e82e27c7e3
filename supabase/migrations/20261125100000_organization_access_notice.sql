-- A client account that already existed (signed up by the person, or left without an
-- organization) and that staff attach to an organization by inviting its address: the person is
-- told, in their language, in the portal and by e-mail (the notification mailer sends it).
alter table public.notifications drop constraint notifications_kind_check;
alter table public.notifications add constraint notifications_kind_check check (kind in (
  'document_shared', 'report_published', 'task_assigned', 'document_uploaded', 'contact_message',
  'organization_access'
));
comment on column public.notifications.kind is
  'document_shared, report_published, task_assigned, organization_access (clients); document_uploaded, contact_message (staff); task_assigned also staff.';

create or replace function public.notify_organization_access()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  organization_name text;
begin
  -- A new invitee gets the invitation instead: only an account already in use is told.
  if not exists (select 1 from auth.users u where u.id = new.id and u.email_confirmed_at is not null) then
    return new;
  end if;
  select o.name into organization_name from public.organizations o where o.id = new.organization_id;
  perform public.notify(
    array[new.id],
    'organization_access',
    'organization-access:' || new.organization_id::text,
    new.organization_id,
    null,
    null,
    null,
    left('Ahora tiene acceso a ' || coalesce(organization_name, '') || ' en el portal de clientes', 200),
    left('You now have access to ' || coalesce(organization_name, '') || ' in the client portal', 200),
    'Cauce Data ha añadido su cuenta a ' || coalesce(organization_name, '') ||
      '. Entre en el portal con su dirección y contraseña de siempre para ver sus proyectos, documentos e informes.',
    'Cauce Data has added your account to ' || coalesce(organization_name, '') ||
      '. Sign in to the portal with your usual address and password to see its projects, documents and reports.',
    '{}'::jsonb
  );
  return new;
end
$$;

comment on function public.notify_organization_access() is
  'Trigger: tells a client whose existing account was just attached to an organization.';

create trigger profiles_notify_organization_access
  after update of organization_id on public.profiles
  for each row
  when (old.organization_id is null and new.organization_id is not null and new.role = 'client')
  execute function public.notify_organization_access();
