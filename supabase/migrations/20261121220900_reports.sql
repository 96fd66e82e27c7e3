-- Reports: the firm's periodic and final reports on a project, written in one language, drafted
-- by staff and published to the client. Clients read published reports of their projects.

create table public.reports (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  title text not null,
  summary text,
  report_type text not null default 'monthly',
  status text not null default 'draft',
  locale text not null default 'es',
  period_start date,
  period_end date,
  dashboard_url text,
  document_id uuid references public.documents (id) on delete set null,
  published_at timestamptz,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint reports_title_length check (char_length(btrim(title)) between 1 and 200),
  constraint reports_summary_length check (summary is null or char_length(summary) <= 5000),
  constraint reports_type_check check (report_type in ('weekly', 'monthly', 'quarterly', 'milestone', 'final', 'ad_hoc')),
  constraint reports_status_check check (status in ('draft', 'published')),
  constraint reports_locale_check check (locale in ('es', 'en')),
  constraint reports_period_order check (period_end is null or period_start is null or period_end >= period_start),
  constraint reports_dashboard_url_format check (dashboard_url is null or (dashboard_url ~ '^https://[^\s]+$' and char_length(dashboard_url) <= 500)),
  constraint reports_published_has_date check (status <> 'published' or published_at is not null)
);

comment on table public.reports is
  'Reports on a project (summary, period, optional dashboard link and PDF document). Drafts are staff-only; clients read published reports of their projects.';
comment on column public.reports.status is 'draft or published. Publishing sets published_at and notifies the organization''s clients once.';
comment on column public.reports.locale is 'Language the report is written in: es or en.';
comment on column public.reports.dashboard_url is 'Optional https link to the live BI dashboard behind the report.';
comment on column public.reports.document_id is 'Optional PDF of the report among the project''s documents.';

create index reports_project_id_idx on public.reports (project_id, status);
create index reports_document_id_idx on public.reports (document_id);
create index reports_created_by_idx on public.reports (created_by);

create trigger reports_set_updated_at
  before update on public.reports
  for each row execute function public.set_updated_at();

-- published_at records the first publication; it survives edits and a later unpublish.
create or replace function public.reports_set_published_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'published' and new.published_at is null then
    new.published_at := now();
  end if;
  return new;
end;
$$;

comment on function public.reports_set_published_at() is 'Trigger: stamps published_at when a report is first published.';

revoke execute on function public.reports_set_published_at() from public, anon, authenticated;

create trigger reports_set_published_at
  before insert or update on public.reports
  for each row execute function public.reports_set_published_at();

alter table public.reports enable row level security;

revoke all on table public.reports from public, anon, authenticated;
grant select, insert, update, delete on table public.reports to authenticated;
grant all on table public.reports to service_role;

create policy "reports: clients read published ones, staff all"
  on public.reports for select to authenticated
  using (
    (status = 'published' and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );

create policy "reports: staff create"
  on public.reports for insert to authenticated
  with check ((select public.is_admin()));

create policy "reports: staff update"
  on public.reports for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "reports: staff delete"
  on public.reports for delete to authenticated
  using ((select public.is_admin()));
