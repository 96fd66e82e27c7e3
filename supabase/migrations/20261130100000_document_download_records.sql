-- Download records where Supabase keeps them (decision 0028): a public table under row-level
-- security, written only by public.record_document_download, which the app calls when it asks for
-- a document's link. Until now the storage API of our own server wrote storage.downloads, a table
-- Supabase's platform does not have, so project_document_downloads failed there.
--
-- Visibility is as before: staff read every record, nobody else reads any (a client, even of the
-- same organization, learns neither that records exist nor who else downloaded a file), and no API
-- role writes the table. A record is now "asked for a link to this version", taken before the
-- link is signed: Supabase Storage tells the database nothing about the bytes it serves.

-- ─── The records ─────────────────────────────────────────────────────────────────────────────

create table public.document_downloads (
  id bigint generated always as identity primary key,
  document_id uuid not null references public.documents (id) on delete cascade,
  -- The version of the document the link was for: a replaced file keeps its records (0023).
  version integer not null,
  -- No foreign key: the history keeps a person's downloads after their account is deleted
  -- (staff then read "a former user").
  reader_id uuid not null,
  downloaded_at timestamptz not null default now()
);

comment on table public.document_downloads is
  'Who asked for a link to which version of a document, and when. Staff read all; written only by record_document_download.';

-- The project's list (by document), the repeat check (by document, reader and version) and the
-- client's per-minute bound (by reader).
create index document_downloads_document_idx
  on public.document_downloads (document_id, reader_id, version, downloaded_at desc);
create index document_downloads_reader_idx on public.document_downloads (reader_id, downloaded_at desc);

alter table public.document_downloads enable row level security;

-- Supabase's default privileges grant every new table and sequence to the API roles: take them
-- back. Only reading is granted, and only staff have a policy for it.
revoke all on table public.document_downloads from public, anon, authenticated, service_role;
revoke all on sequence public.document_downloads_id_seq from public, anon, authenticated, service_role;
grant select on table public.document_downloads to authenticated, service_role;

create policy "document downloads: staff read"
  on public.document_downloads for select to authenticated
  using ((select public.is_admin()));

-- ─── The bounds, beside the other client bounds ──────────────────────────────────────────────

alter table private.client_write_limits
  add column download_record_seconds integer not null default 60
    constraint client_write_limits_download_record_seconds check (download_record_seconds > 0),
  add column downloads_per_minute integer not null default 30
    constraint client_write_limits_downloads_per_minute check (downloads_per_minute > 0);

comment on column private.client_write_limits.download_record_seconds is
  'Anyone''s repeated links to the same version of one document within this many seconds make one download record.';
comment on column private.client_write_limits.downloads_per_minute is
  'How many download records one client may add within a minute; past it the link is refused (429).';

-- ─── Recording ───────────────────────────────────────────────────────────────────────────────

create or replace function public.record_document_download(p_document_id uuid)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  reader uuid := auth.uid();
  document_version integer;
  limits private.client_write_limits;
  last_minute integer;
begin
  -- Whoever may read the document, exactly as its select policy says ("documents: clients read
  -- visible ones, staff all"; a security definer function is not filtered by it). Anyone else gets
  -- the answer a document that does not exist gets.
  select d.version into document_version
  from public.documents d
  where d.id = p_document_id
    and reader is not null
    and (
      (d.visible_to_client and d.project_id in (select public.client_project_ids()))
      or public.is_admin()
    );
  if not found then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz.
    raise exception 'Document not found' using errcode = 'PT404';
  end if;
  -- A staff member previewing the portal is not the client downloading (0022): nothing recorded.
  if public.is_view_as() then
    return;
  end if;

  -- One reader at a time, so parallel requests cannot all pass the checks below.
  perform pg_advisory_xact_lock(hashtextextended('document_downloads:' || reader::text, 0));
  select * into limits from private.client_write_limits;
  if exists (
    select 1 from public.document_downloads dl
    where dl.document_id = p_document_id and dl.reader_id = reader and dl.version = document_version
      and dl.downloaded_at > now() - make_interval(secs => limits.download_record_seconds)
  ) then
    return;
  end if;
  if not public.is_admin() then
    select count(*) into last_minute from public.document_downloads dl
    where dl.reader_id = reader and dl.downloaded_at > now() - interval '1 minute';
    if last_minute >= limits.downloads_per_minute then
      raise exception 'Too many downloads in a short time: at most % per minute', limits.downloads_per_minute
        using errcode = 'PT429', hint = 'Wait a minute and try again';
    end if;
  end if;
  insert into public.document_downloads (document_id, version, reader_id)
  values (p_document_id, document_version, reader);
end
$$;

comment on function public.record_document_download(uuid) is
  'Records that the caller asked for a link to a document they may read (once per version within download_record_seconds; clients at most downloads_per_minute). Not found (404) for anything else.';

revoke all on function public.record_document_download(uuid) from public, anon, service_role;
grant execute on function public.record_document_download(uuid) to authenticated;

-- ─── Reading ─────────────────────────────────────────────────────────────────────────────────

-- As before (20261127110000), from the new table. Security invoker now: the table's policy is the
-- rule, so a client gets [] because they read no record, not because of a second check here.
create or replace function public.project_document_downloads(p_project_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(
    jsonb_agg(
      jsonb_build_object(
        'document_id', d.id,
        'version', dl.version,
        'reader_id', dl.reader_id,
        'reader_name', p.full_name,
        'reader_email', p.email,
        'downloaded_at', dl.downloaded_at
      )
      order by dl.downloaded_at desc, dl.id desc
    ),
    '[]'::jsonb
  )
  from public.document_downloads dl
  join public.documents d on d.id = dl.document_id
  left join public.profiles p on p.id = dl.reader_id
  where d.project_id = p_project_id
$$;

comment on function public.project_document_downloads(uuid) is
  'Each download of a document of the project (any of its versions) as {document_id, version, reader_id, reader_name, reader_email, downloaded_at}, newest first; only staff read records, so [] for anyone else.';

-- ─── Earlier records ─────────────────────────────────────────────────────────────────────────

-- A database our own server created before this has storage.downloads (bucket, name, reader,
-- time): its records of the documents bucket move here, through the files each document has had,
-- and the table goes, so the platform schema is Supabase's again. On Supabase it never existed.
do $$
begin
  if to_regclass('storage.downloads') is not null then
    execute $copy$
      insert into public.document_downloads (document_id, version, reader_id, downloaded_at)
      select f.document_id, f.version, dl.reader, dl.downloaded_at
      from storage.downloads dl
      join private.document_files f on f.storage_path = dl.name
      where dl.bucket_id = 'documents'
      order by dl.downloaded_at, dl.id
    $copy$;
    execute 'drop table storage.downloads';
  end if;
end
$$;
