-- A client's replacements of one upload are bounded per hour (decision 0023). Each replacement is a
-- new version: it asks the document's approvers again (0017) and tells staff, so a loop of them
-- would flood every one of them. New documents are already bounded per request and per minute
-- (20261124200100); this bound sits in the same row, which an operator may change with SQL.

alter table private.client_write_limits
  add column replacements_per_hour integer not null default 10
    constraint client_write_limits_replacements_per_hour check (replacements_per_hour > 0);

comment on column private.client_write_limits.replacements_per_hour is
  'How many times one client may replace the file of one of their uploads within an hour.';

create or replace function public.documents_client_replace_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  allowed integer;
  recent integer;
begin
  if current_setting('role', true) is distinct from 'authenticated' or public.is_admin() then
    return new;
  end if;
  select replacements_per_hour into allowed from private.client_write_limits;
  -- Every file a document has pointed to is recorded with the version it started; the first
  -- (version 1) is the upload itself, the later ones are replacements.
  select count(*) into recent from private.document_files f
  where f.document_id = new.id and f.version > 1 and f.stored_at > now() - interval '1 hour';
  if recent >= allowed then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz.
    raise exception 'Too many replacements of this document: at most % per hour', allowed
      using errcode = 'PT429', hint = 'Wait a while and try again';
  end if;
  return new;
end;
$$;

comment on function public.documents_client_replace_limit() is
  'Trigger: a client may replace the file of one upload at most replacements_per_hour times an hour.';
revoke execute on function public.documents_client_replace_limit() from public, anon, authenticated;

create trigger documents_client_replace_limit
  before update of storage_path on public.documents
  for each row
  when (old.storage_path is distinct from new.storage_path)
  execute function public.documents_client_replace_limit();
