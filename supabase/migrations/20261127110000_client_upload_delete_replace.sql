-- A client deletes or replaces a document they uploaded themselves (issue 12, item 5; decision 0023).
--
-- Own uploads only: a document whose uploaded_by is the caller, still shared (visible_to_client)
-- in a project the caller sees. Not a colleague's, not one staff shared, not one staff hid.
--
-- Delete goes through the Storage API: the client removes the file, and a trigger on
-- storage.objects deletes the document that points to it in the same transaction (so a document
-- never points to a missing file and a file never outlives its document: the Storage API unlinks
-- the bytes after that transaction commits). A document under approval (any approval request,
-- pending or answered) is refused with a reason, reached only by its own uploader (RLS filters
-- everyone else first, who learn nothing). The approval record is kept anyway: requests and
-- decisions cannot be deleted and copy the deliverable's title and version.
--
-- Replace is an update of the client's own document row: new storage_path, type, size and name.
-- The version trigger (0017) counts it and reopens an open approval; the old file is then
-- unreferenced and its owner may remove it. Download records follow a document through its
-- files (private.document_files), so a replaced document keeps the downloads of earlier versions.

-- ─── Replace ─────────────────────────────────────────────────────────────────────────────────

-- One policy per table, operation and role (the catalog test holds it): staff's update and the
-- client's replace together.
drop policy "documents: staff update" on public.documents;
create policy "documents: clients replace own uploads, staff update"
  on public.documents for update to authenticated
  using (
    (select public.is_admin())
    or (
      uploaded_by = (select auth.uid())
      and visible_to_client
      and project_id in (select public.client_project_ids())
    )
  )
  with check (
    (select public.is_admin())
    or (
      uploaded_by = (select auth.uid())
      and visible_to_client
      and project_id in (select public.client_project_ids())
    )
  );

-- A client changes the file (path, type, size) and the title, nothing else: what staff decide
-- (category, description, visibility, project) stays theirs. Reached only for the caller's own
-- upload (the policy above filters the rest out first).
create or replace function public.documents_client_update_scope()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('role', true) = 'authenticated' and not public.is_admin()
     and (new.project_id, new.category, new.description, new.visible_to_client, new.uploaded_by, new.created_at)
         is distinct from (old.project_id, old.category, old.description, old.visible_to_client, old.uploaded_by, old.created_at) then
    raise exception 'A client may change only the file and the title of their own upload'
      using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function public.documents_client_update_scope() is
  'Trigger: a client''s update of their own upload may change only its file (path, type, size) and name.';
revoke execute on function public.documents_client_update_scope() from public, anon, authenticated;

create trigger documents_client_update_scope
  before update on public.documents
  for each row execute function public.documents_client_update_scope();

-- ─── The files a document has had, for download records ──────────────────────────────────────

create schema if not exists private;
revoke all on schema private from public;

create table private.document_files (
  document_id uuid not null references public.documents (id) on delete cascade,
  storage_path text not null,
  version integer not null,
  stored_at timestamptz not null default now(),
  primary key (document_id, storage_path)
);
alter table private.document_files enable row level security;
revoke all on table private.document_files from public;
comment on table private.document_files is
  'Every file a document has pointed to, with the version it started; joins download records to documents across replacements.';

insert into private.document_files (document_id, storage_path, version, stored_at)
select id, storage_path, version, updated_at from public.documents;

create or replace function public.documents_remember_file()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.document_files (document_id, storage_path, version)
  values (new.id, new.storage_path, new.version)
  on conflict do nothing;
  return null;
end;
$$;

comment on function public.documents_remember_file() is
  'Trigger: records each file a document points to in private.document_files.';
revoke execute on function public.documents_remember_file() from public, anon, authenticated;

create trigger documents_remember_file
  after insert or update of storage_path on public.documents
  for each row execute function public.documents_remember_file();

-- As before (20261126150000), plus the version each download was of: records of a replaced file
-- stay on the document.
create or replace function public.project_document_downloads(p_project_id uuid)
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not public.is_admin() then
    return '[]'::jsonb;
  end if;
  return coalesce(
    (
      select jsonb_agg(
        jsonb_build_object(
          'document_id', d.id,
          'version', f.version,
          'reader_id', dl.reader,
          'reader_name', p.full_name,
          'reader_email', p.email,
          'downloaded_at', dl.downloaded_at
        )
        order by dl.downloaded_at desc, dl.id desc
      )
      from public.documents d
      join private.document_files f on f.document_id = d.id
      join storage.downloads dl on dl.bucket_id = 'documents' and dl.name = f.storage_path
      left join public.profiles p on p.id = dl.reader
      where d.project_id = p_project_id
    ),
    '[]'::jsonb
  );
end
$$;

comment on function public.project_document_downloads(uuid) is
  'Staff only: each download of a document of the project (any of its versions) as {document_id, version, reader_id, reader_name, reader_email, downloaded_at}, newest first. [] for anyone else.';

-- ─── Delete ──────────────────────────────────────────────────────────────────────────────────

-- Whether a client may remove a file of the documents bucket, as far as documents go: no document
-- points to it (an upload not recorded yet, or the old file of a replaced document), or the one
-- that does is the caller's own shared upload. Security definer: it must also see documents staff
-- hid, which the caller cannot.
create or replace function public.document_file_removable_by_client(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select not exists (
    select 1 from public.documents d
    where d.storage_path = p_name
      and not (d.uploaded_by is not distinct from auth.uid() and d.visible_to_client)
  )
$$;

comment on function public.document_file_removable_by_client(text) is
  'Policy helper: no document points to this file, or only the caller''s own shared upload does.';
revoke execute on function public.document_file_removable_by_client(text) from public, anon;
grant execute on function public.document_file_removable_by_client(text) to authenticated;

drop policy "documents bucket: staff delete" on storage.objects;
create policy "documents bucket: clients remove own uploads, staff all"
  on storage.objects for delete to authenticated
  using (
    bucket_id = 'documents'
    and (
      (select public.is_admin())
      or (
        owner_id = (select auth.uid())::text
        and array_length(storage.foldername(objects.name), 1) = 2
        and (storage.foldername(objects.name))[1] = (select public.current_client_organization_id())::text
        and (storage.foldername(objects.name))[2] in (select id::text from public.client_project_ids() as id)
        and public.document_file_removable_by_client(objects.name)
      )
    )
  );

-- A document goes with its file: removing the object (through the Storage API, which removes the
-- bytes once this commits) deletes the document that points to it, logged as the caller's delete.
-- A client's document under approval is refused with a reason.
create or replace function public.documents_follow_their_file()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  doc_id uuid;
begin
  if old.bucket_id <> 'documents' then
    return old;
  end if;
  select d.id into doc_id from public.documents d where d.storage_path = old.name;
  if doc_id is null then
    return old;
  end if;
  if current_setting('role', true) = 'authenticated' and not public.is_admin()
     and exists (select 1 from public.approval_requests r where r.document_id = doc_id) then
    raise exception 'This document is part of an approval and cannot be deleted; ask the project team'
      using errcode = '42501', hint = 'document_under_approval';
  end if;
  delete from public.documents d where d.id = doc_id;
  return old;
end;
$$;

comment on function public.documents_follow_their_file() is
  'Trigger: removing a file of the documents bucket deletes the document pointing to it; a client may not remove one under approval.';
revoke execute on function public.documents_follow_their_file() from public, anon, authenticated;

create trigger documents_follow_their_file
  before delete on storage.objects
  for each row execute function public.documents_follow_their_file();
