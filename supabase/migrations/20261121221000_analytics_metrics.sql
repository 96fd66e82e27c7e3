-- Analytics metrics: the figures the firm tracks for a project, one value per metric and
-- period (e.g. monthly revenue, data freshness), with an optional target. Clients read their
-- projects' visible metrics; staff record them.

create table public.analytics_metrics (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  metric_key text not null,
  label_es text not null,
  label_en text not null,
  unit text not null default 'count',
  granularity text not null default 'month',
  period_start date not null,
  period_end date not null,
  value numeric(18, 4) not null,
  target numeric(18, 4),
  visible_to_client boolean not null default true,
  notes text,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint analytics_metrics_key_format check (metric_key ~ '^[a-z][a-z0-9_]{0,62}$'),
  constraint analytics_metrics_label_es_length check (char_length(btrim(label_es)) between 1 and 120),
  constraint analytics_metrics_label_en_length check (char_length(btrim(label_en)) between 1 and 120),
  constraint analytics_metrics_unit_check check (unit in ('count', 'percent', 'EUR', 'USD', 'COP', 'MXN', 'hours', 'days', 'seconds', 'ratio', 'score')),
  constraint analytics_metrics_granularity_check check (granularity in ('day', 'week', 'month', 'quarter', 'year')),
  constraint analytics_metrics_period_order check (period_end >= period_start),
  constraint analytics_metrics_notes_length check (notes is null or char_length(notes) <= 1000),
  constraint analytics_metrics_one_value_per_period unique (project_id, metric_key, granularity, period_start)
);

comment on table public.analytics_metrics is
  'Time series of project metrics (one value per metric and period, with labels in es and en, unit and optional target). Clients read their projects'' visible metrics; staff manage all.';
comment on column public.analytics_metrics.metric_key is 'Stable identifier of the metric within the project, e.g. monthly_revenue.';
comment on column public.analytics_metrics.visible_to_client is 'False while a figure is being checked: staff see it, the client does not.';

create index analytics_metrics_project_id_idx on public.analytics_metrics (project_id, visible_to_client);
create index analytics_metrics_created_by_idx on public.analytics_metrics (created_by);

create trigger analytics_metrics_set_updated_at
  before update on public.analytics_metrics
  for each row execute function public.set_updated_at();

alter table public.analytics_metrics enable row level security;

revoke all on table public.analytics_metrics from public, anon, authenticated;
grant select, insert, update, delete on table public.analytics_metrics to authenticated;
grant all on table public.analytics_metrics to service_role;

create policy "analytics_metrics: clients read visible ones, staff all"
  on public.analytics_metrics for select to authenticated
  using (
    (visible_to_client and project_id in (select public.client_project_ids()))
    or (select public.is_admin())
  );

create policy "analytics_metrics: staff create"
  on public.analytics_metrics for insert to authenticated
  with check ((select public.is_admin()));

create policy "analytics_metrics: staff update"
  on public.analytics_metrics for update to authenticated
  using ((select public.is_admin()))
  with check ((select public.is_admin()));

create policy "analytics_metrics: staff delete"
  on public.analytics_metrics for delete to authenticated
  using ((select public.is_admin()));
