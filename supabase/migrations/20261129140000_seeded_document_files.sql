-- The demo documents' files are uploaded through the Storage API with the service-role key (`npm
-- run seed:files`, and our own server's first start through the same code, decision 0027): seed.sql
-- cannot hold file bytes, on Supabase or anywhere. Such an upload leaves the object without an owner
-- (the service role has no user) and the document with the seed's placeholder size. This completes
-- both for the documents the seeding names: the document's size becomes its file's real size, and
-- the file belongs to whoever uploaded the document, as if they had uploaded it through the portal
-- (their own upload is theirs to replace or remove, decision 0023). It completes the seed's own
-- rows, so it is nobody's edit: no activity entry, no new version, no reopened approval, the same
-- updated_at (the documents' user triggers are off for this one statement).

create or replace function public.settle_seeded_document_files(document_ids uuid[])
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  sized uuid[];
  owned uuid[];
begin
  alter table public.documents disable trigger user;
  with changed as (
    update public.documents d
       set size_bytes = f.size
      from (
        select name, case when metadata ->> 'size' ~ '^[0-9]{1,15}$' then (metadata ->> 'size')::bigint end as size
        from storage.objects where bucket_id = 'documents'
      ) f
     where d.id = any (document_ids) and f.name = d.storage_path
       and f.size is not null and d.size_bytes is distinct from f.size
    returning d.id
  )
  select coalesce(array_agg(id), '{}') into sized from changed;
  alter table public.documents enable trigger user;

  with changed as (
    update storage.objects o
       set owner = d.uploaded_by, owner_id = d.uploaded_by::text
      from public.documents d
     where d.id = any (document_ids)
       and o.bucket_id = 'documents' and o.name = d.storage_path
       and o.owner_id is distinct from d.uploaded_by::text
    returning d.id
  )
  select coalesce(array_agg(id), '{}') into owned from changed;

  return (select count(distinct id)::integer from unnest(sized || owned) as id);
end;
$$;

comment on function public.settle_seeded_document_files(uuid[]) is
  'Seeding only (service role): the named documents take their stored file''s real size, and their files their uploader as owner, as the seed''s own rows (no activity, version or updated_at change). Returns how many documents changed.';

revoke execute on function public.settle_seeded_document_files(uuid[]) from public, anon, authenticated;
grant execute on function public.settle_seeded_document_files(uuid[]) to service_role;
