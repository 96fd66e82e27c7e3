-- The documents trigger told a client more than RLS would: another organization's id for any
-- project id (in its error message), and whether a named file existed in another organization's
-- folder (a different error than for a free path). It also let a client record a document for a
-- path nobody had used yet, and so read whatever staff later stored there.
--
-- Now, for a signed-in client (the API's `authenticated` role, not staff; the service role and
-- the database owner, which the seed runs as while it impersonates clients, are not checked):
-- - a project the client may not see is refused with exactly the error RLS gives for a project
--   that does not exist, before anything about it is looked up;
-- - the file must already be stored at that path, uploaded by this client: a free path and
--   someone else's file get the same refusal, so neither is told apart.
create or replace function public.documents_check_storage_path()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_organization uuid;
  -- The role the request took on (a security definer function keeps the `role` setting).
  client_caller boolean := current_setting('role', true) = 'authenticated' and not public.is_admin();
begin
  if client_caller and (new.project_id is null or new.project_id not in (select public.client_project_ids())) then
    raise exception 'new row violates row-level security policy for table "documents"'
      using errcode = '42501';
  end if;
  select organization_id into project_organization from public.projects where id = new.project_id;
  if project_organization is not null and split_part(new.storage_path, '/', 1) <> project_organization::text then
    raise exception 'The storage path of a document must start with its project''s organization: %/%/<file>',
      project_organization, new.project_id
      using errcode = '23514', constraint = 'documents_storage_path_organization';
  end if;
  if client_caller and not exists (
    select 1 from storage.objects o
    where o.bucket_id = 'documents' and o.name = new.storage_path
      and o.owner_id = auth.uid()::text
  ) then
    raise exception 'Upload the file first: a document can only record a file you stored at its path'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

revoke execute on function public.documents_check_storage_path() from public, anon, authenticated;
