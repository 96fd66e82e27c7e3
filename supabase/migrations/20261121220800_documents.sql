-- Documents: metadata of the files exchanged on a project; the bytes live in the private
-- `documents` storage bucket at <organization_id>/<project_id>/<file>. Clients read their
-- organization's visible documents and upload into their own projects; staff manage all.

create table public.documents (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  name text not null,
  description text,
  category text not null default 'deliverable',
  storage_path text not null,
  mime_type text not null,
  size_bytes bigint not null default 0,
  visible_to_client boolean not null default false,
  uploaded_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint documents_name_length check (char_length(btrim(name)) between 1 and 255),
  constraint documents_description_length check (description is null or char_length(description) <= 2000),
  constraint documents_category_check check (category in ('deliverable', 'specification', 'data', 'contract', 'other')),
  constraint documents_storage_path_format check (
    storage_path ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/[^/]+$'
    and char_length(storage_path) <= 1024
  ),
  constraint documents_storage_path_project check (split_part(storage_path, '/', 2) = project_id::text),
  constraint documents_storage_path_key unique (storage_path),
  constraint documents_mime_type_format check (mime_type ~ '^[a-z]+/[a-zA-Z0-9.+_-]+$' and char_length(mime_type) <= 255),
  -- 50 MiB, the bucket's file_size_limit.
  constraint documents_size_range check (size_bytes between 0 and 52428800)
);

comment on table public.documents is
  'Files of a project (metadata; bytes in storage bucket documents at <organization_id>/<project_id>/<file>). Clients read visible ones of their organization and upload to their own projects; staff manage all.';
comment on column public.documents.storage_path is 'Object name in the documents bucket: <organization_id>/<project_id>/<file name>.';
comment on column public.documents.visible_to_client is 'Shared with the client. Clients are notified once, the first time it becomes visible.';
comment on column public.documents.uploaded_by is 'Who uploaded it: staff, or a client of the organization (staff are then notified).';

create index documents_project_id_idx on public.documents (project_id, visible_to_client);
create index documents_uploaded_by_idx on public.documents (uploaded_by);

create trigger documents_set_updated_at
  before update on public.documents
  for each row execute function public.set_updated_at();

-- The first folder of the path must be the project's organization, so the storage policies
-- (which look at folders) and the table agree on who owns the file. And a client may only
-- register a file they stored themselves: otherwise, knowing the name of a file staff put in the
-- folder but have not shared, a client could make it readable by writing a document row for it.
create or replace function public.documents_check_storage_path()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_organization uuid;
begin
  select organization_id into project_organization from public.projects where id = new.project_id;
  if project_organization is not null and split_part(new.storage_path, '/', 1) <> project_organization::text then
    raise exception 'The storage path of a document must start with its project''s organization: %/%/<file>',
      project_organization, new.project_id
      using errcode = '23514', constraint = 'documents_storage_path_organization';
  end if;
  if not public.is_admin() and exists (
    select 1 from storage.objects o
    where o.bucket_id = 'documents' and o.name = new.storage_path
      and o.owner_id is distinct from auth.uid()::text
  ) then
    raise exception 'This file was stored by someone else; upload your own copy'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function public.documents_check_storage_path() is
  'Trigger: the storage path of a document is <its project''s organization>/<its project>/<file>.';

revoke execute on function public.documents_check_storage_path() from public, anon, authenticated;

create trigger documents_check_storage_path
  before insert or update of storage_path, project_id on public.documents
  for each row execute function public.documents_check_storage_path();

alter table public.documents enable row level security;

revoke all on table public.documents from public, anon, authenticated;
grant select, insert, update, delete on table public.documents to authenticated;
grant all on table public.documents to service_role;

create policy "documents: clients read visible ones, staff all"
  on public.documents for select to authenticated
  using (
    (visible_to_client and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );

-- A client's upload is shared with the client's colleagues from the start and signed by them.
create policy "documents: clients upload to their projects, staff create"
  on public.documents for insert to authenticated
  with check (
    (
      project_id in (select public.client_project_ids())
      and uploaded_by = (select auth.uid())
      and visible_to_client
    )
    or (select public.is_admin())
  );

create policy "documents: staff update"
  on public.documents for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "documents: staff delete"
  on public.documents for delete to authenticated
  using ((select public.is_admin()));
