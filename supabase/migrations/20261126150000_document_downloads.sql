-- Who downloaded a project's documents and when, for staff only (issue 12, item 5). The storage
-- API writes one row in storage.downloads per full download by a signed-in person (the signer of
-- a signed URL, or the bearer of an authenticated download: platform/25-storage-downloads.sql);
-- this function joins those rows to the project's documents and their readers. It answers staff
-- (public.is_admin(): admin or super admin, active, MFA satisfied) and gives anyone else an empty
-- list, so a client learns neither that records exist nor who else downloaded a file.
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
          'reader_id', dl.reader,
          'reader_name', p.full_name,
          'reader_email', p.email,
          'downloaded_at', dl.downloaded_at
        )
        order by dl.downloaded_at desc, dl.id desc
      )
      from public.documents d
      join storage.downloads dl on dl.bucket_id = 'documents' and dl.name = d.storage_path
      left join public.profiles p on p.id = dl.reader
      where d.project_id = p_project_id
    ),
    '[]'::jsonb
  );
end
$$;

comment on function public.project_document_downloads(uuid) is
  'Staff only: each download of a document of the project as {document_id, reader_id, reader_name, reader_email, downloaded_at}, newest first. [] for anyone else.';

revoke all on function public.project_document_downloads(uuid) from public, anon;
grant execute on function public.project_document_downloads(uuid) to authenticated;
