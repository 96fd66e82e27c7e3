-- The private `documents` bucket and its object policies, which mirror public.documents:
-- objects live at <organization_id>/<project_id>/<file>; a client reads the objects of their
-- organization's folder that back a document they can read (or that they uploaded themselves,
-- before its document row exists) and uploads into their organization's visible projects; staff
-- do everything. Objects are never deleted here: hosted Supabase forbids direct deletes.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values (
  'documents', 'documents', false, 52428800,
  array[
    'application/pdf',
    'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    'application/msword', 'application/vnd.ms-excel', 'application/vnd.ms-powerpoint',
    'text/csv', 'text/plain', 'application/json', 'application/zip',
    'image/png', 'image/jpeg', 'image/svg+xml'
  ]
)
on conflict (id) do nothing;

create policy "documents bucket: clients read their documents, staff all"
  on storage.objects for select to authenticated
  using (
    bucket_id = 'documents'
    and (
      (select public.is_admin())
      or (
        (storage.foldername(objects.name))[1] = (select public.current_client_organization_id())::text
        and (
          exists (select 1 from public.documents d where d.storage_path = objects.name)
          or objects.owner_id = (select auth.uid())::text
        )
      )
    )
  );

create policy "documents bucket: clients upload to own projects, staff all"
  on storage.objects for insert to authenticated
  with check (
    bucket_id = 'documents'
    and (
      (select public.is_admin())
      or (
        array_length(storage.foldername(objects.name), 1) = 2
        and (storage.foldername(objects.name))[1] = (select public.current_client_organization_id())::text
        and (storage.foldername(objects.name))[2] in (select id::text from public.client_project_ids() as id)
      )
    )
  );

create policy "documents bucket: staff update"
  on storage.objects for update to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()))
  with check (bucket_id = 'documents' and (select public.is_admin()));

create policy "documents bucket: staff delete"
  on storage.objects for delete to authenticated
  using (bucket_id = 'documents' and (select public.is_admin()));
