-- Deliverables get a version number, so an approval can say which version was approved and a new
-- version can reopen it. A document's version moves when its file is replaced (new bytes: path,
-- type or size); a report's when what the client reads changes (title, summary, period, dashboard
-- link or PDF). The number is kept by a trigger: a value written through the API is ignored.

alter table public.documents add column version integer not null default 1;
alter table public.reports add column version integer not null default 1;

alter table public.documents add constraint documents_version_positive check (version >= 1);
alter table public.reports add constraint reports_version_positive check (version >= 1);

comment on column public.documents.version is
  'Version of the file, from 1; moves by one each time the file is replaced (kept by a trigger).';
comment on column public.reports.version is
  'Version of the report, from 1; moves by one each time its content (title, summary, period, dashboard link, PDF) changes (kept by a trigger).';

create or replace function public.deliverable_set_version()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    return new;
  end if;
  new.version := old.version;
  if tg_table_name = 'documents' then
    if (new.storage_path, new.mime_type, new.size_bytes) is distinct from (old.storage_path, old.mime_type, old.size_bytes) then
      new.version := old.version + 1;
    end if;
  elsif (new.title, new.summary, new.period_start, new.period_end, new.dashboard_url, new.document_id)
        is distinct from (old.title, old.summary, old.period_start, old.period_end, old.dashboard_url, old.document_id) then
    new.version := old.version + 1;
  end if;
  return new;
end;
$$;

comment on function public.deliverable_set_version() is
  'Trigger: version 1 on insert; one more when a document''s file or a report''s content changes; otherwise unchanged.';

revoke execute on function public.deliverable_set_version() from public, anon, authenticated, service_role;

create trigger documents_set_version
  before insert or update on public.documents
  for each row execute function public.deliverable_set_version();

create trigger reports_set_version
  before insert or update on public.reports
  for each row execute function public.deliverable_set_version();
