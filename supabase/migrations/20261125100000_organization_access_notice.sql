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

-- Called by the admin-users function (service role) right after it attached the account; not a
-- trigger, so the seed and other ways of setting an organization stay quiet.
create or replace function public.notify_organization_access(target uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  organization uuid;
  organization_name text;
begin
  select p.organization_id into organization from public.profiles p where p.id = target and p.role = 'client';
  if organization is null then
    return;
  end if;
  select o.name into organization_name from public.organizations o where o.id = organization;
  perform public.notify(
    array[target],
    'organization_access',
    'organization-access:' || organization::text,
    organization,
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
end
$$;

comment on function public.notify_organization_access(uuid) is
  'Service role only: tells a client whose existing account was just attached to an organization.';
revoke all on function public.notify_organization_access(uuid) from public, anon, authenticated;
grant execute on function public.notify_organization_access(uuid) to service_role;
