-- Live dashboards inside the portal (issue 25, item 1; decision 0039). Staff attach BI dashboards
-- to a project: a link to any https address whose host is on an allowlist staff manage (Power BI,
-- Looker Studio, Tableau, …), or a Metabase dashboard embedded with a signed token that the
-- dashboard-embed Edge Function makes (the secret never reaches the browser). Each has a title in
-- the organization's language, an audience (everyone at the client, or named people), a position
-- and a "refuses framing" flag. A client sees only the dashboards of their organization's visible
-- projects whose audience includes them; each opening is recorded like a document download.

-- ─── Settings ────────────────────────────────────────────────────────────────────────────────

create table private.dashboard_settings (
  singleton boolean primary key default true constraint dashboard_settings_singleton check (singleton),
  -- Tests and development only: http://localhost and http://127.0.0.1 addresses (of an allowlisted
  -- host) are accepted too. Our server writes DASHBOARD_LOCAL_HTTP here at start-up and refuses it
  -- in production; on Supabase it stays false.
  allow_local_http boolean not null default false,
  view_record_seconds integer not null default 60
    constraint dashboard_settings_view_record_seconds check (view_record_seconds > 0),
  views_per_minute integer not null default 30
    constraint dashboard_settings_views_per_minute check (views_per_minute > 0)
);
alter table private.dashboard_settings enable row level security;
revoke all on table private.dashboard_settings from public;
comment on table private.dashboard_settings is
  'Dashboards: whether local http addresses are accepted (tests only), how long repeated openings make one view record, and how many view records a client may add per minute.';
insert into private.dashboard_settings default values;

-- ─── The allowlist ───────────────────────────────────────────────────────────────────────────

create table public.dashboard_hosts (
  -- Lower case, as in a URL's authority: name, and a port only when not the default one.
  host text primary key
    constraint dashboard_hosts_host check (
      char_length(host) <= 253
      and host ~ '^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*(:[0-9]{1,5})?$'
    ),
  label text not null default ''
    constraint dashboard_hosts_label check (char_length(label) <= 80),
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index dashboard_hosts_created_by_idx on public.dashboard_hosts (created_by);
comment on table public.dashboard_hosts is
  'The hosts a project dashboard''s address may be on (Power BI, Looker Studio, Tableau, …). Staff manage it; nobody else reads it.';

alter table public.dashboard_hosts enable row level security;
revoke all on table public.dashboard_hosts from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.dashboard_hosts to authenticated;
grant all on table public.dashboard_hosts to service_role;

create policy "dashboard hosts: staff read" on public.dashboard_hosts
  for select to authenticated using ((select public.is_admin()));
create policy "dashboard hosts: staff add" on public.dashboard_hosts
  for insert to authenticated with check ((select public.is_admin()));
create policy "dashboard hosts: staff change" on public.dashboard_hosts
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "dashboard hosts: staff remove" on public.dashboard_hosts
  for delete to authenticated using ((select public.is_admin()));

-- The host of an http(s) address as the allowlist holds it; null for anything else.
create or replace function public.dashboard_url_host(url text)
returns text
language sql
immutable
set search_path = ''
as $$
  -- No user information (a@b), no spaces or backslashes: what the browser would go to is the host.
  select lower(substring(url from '^[Hh][Tt][Tt][Pp][Ss]?://([A-Za-z0-9.-]+(?::[0-9]{1,5})?)(?:[/?#]|$)'))
$$;
comment on function public.dashboard_url_host(text) is
  'The host (and port) of an http(s) URL, lower case, or null when the text is no such URL (user information, odd characters).';
grant execute on function public.dashboard_url_host(text) to anon, authenticated, service_role;

-- Whether an address may be a dashboard's: https (or local http where the setting allows it),
-- no odd characters, its host on the allowlist. Security definer: the check reads the allowlist
-- and the settings whoever writes.
create or replace function private.dashboard_url_allowed(url text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select url !~ '[[:space:]\\<>"`]'
    and exists (select 1 from public.dashboard_hosts h where h.host = public.dashboard_url_host(url))
    and (
      url ~* '^https://'
      or (
        url ~* '^http://(localhost|127\.0\.0\.1)(:[0-9]{1,5})?([/?#]|$)'
        and (select s.allow_local_http from private.dashboard_settings s)
      )
    )
$$;

-- Called by the rule's trigger as its owner; nobody calls it directly.
revoke execute on function private.dashboard_url_allowed(text) from public;

-- ─── The dashboards ──────────────────────────────────────────────────────────────────────────

create table public.project_dashboards (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references public.projects (id) on delete cascade,
  kind text not null default 'link'
    constraint project_dashboards_kind check (kind in ('link', 'metabase')),
  -- In the organization's language (organizations.default_locale): clients read it as written.
  title text not null
    constraint project_dashboards_title check (char_length(btrim(title)) between 1 and 120),
  -- link: the address framed (or linked to). metabase: none; the function builds it.
  url text
    constraint project_dashboards_url_length check (char_length(url) <= 2000),
  -- metabase: the dashboard's number on the Metabase site and the parameter locked to the
  -- organization (its value is the organization's slug).
  metabase_dashboard_id integer
    constraint project_dashboards_metabase_dashboard_id check (metabase_dashboard_id > 0),
  locked_parameter text
    constraint project_dashboards_locked_parameter check (locked_parameter ~ '^[A-Za-z0-9_-]{1,64}$'),
  audience text not null default 'everyone'
    constraint project_dashboards_audience check (audience in ('everyone', 'people')),
  position integer not null default 0
    constraint project_dashboards_position check (position between 0 and 10000),
  -- The provider sends X-Frame-Options or frame-ancestors: the portal offers only the link out.
  refuses_framing boolean not null default false,
  created_by uuid default auth.uid() references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint project_dashboards_kind_fields check (
    (kind = 'link' and url is not null and metabase_dashboard_id is null and locked_parameter is null)
    or (kind = 'metabase' and url is null and metabase_dashboard_id is not null and locked_parameter is not null)
  )
);
comment on table public.project_dashboards is
  'BI dashboards attached to a project: a link on an allowlisted host, or a Metabase dashboard embedded with a signed token (dashboard-embed). Staff all; a client reads those of their visible projects whose audience includes them.';
comment on column public.project_dashboards.audience is
  'everyone: every client of the organization; people: only those in project_dashboard_people.';

create index project_dashboards_project_idx on public.project_dashboards (project_id, position);
create index project_dashboards_created_by_idx on public.project_dashboards (created_by);

create trigger project_dashboards_updated_at
  before update on public.project_dashboards
  for each row execute function public.set_updated_at();

-- The allowlist rule, wherever the row comes from.
create or replace function private.project_dashboards_check_url()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.url is not null and not private.dashboard_url_allowed(new.url) then
    raise exception 'The dashboard''s address must be https on a host of the allowlist'
      using errcode = '23514', constraint = 'project_dashboards_url_allowed',
        -- PostgREST passes DETAIL on as `details`: the form finds the rule by its name there.
        detail = 'project_dashboards_url_allowed';
  end if;
  return new;
end
$$;

create trigger project_dashboards_check_url
  before insert or update of url on public.project_dashboards
  for each row execute function private.project_dashboards_check_url();

-- A host stays on the allowlist while a dashboard uses it.
create or replace function private.dashboard_hosts_in_use()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (
    select 1 from public.project_dashboards d where public.dashboard_url_host(d.url) = old.host
  ) then
    raise exception 'A dashboard uses this host; remove or change it first'
      using errcode = '23503', constraint = 'dashboard_hosts_in_use',
        -- PostgREST passes DETAIL on as `details`: the form finds the rule by its name there.
        detail = 'dashboard_hosts_in_use';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end
$$;

create trigger dashboard_hosts_in_use
  before delete or update of host on public.dashboard_hosts
  for each row execute function private.dashboard_hosts_in_use();

-- ─── The named people ────────────────────────────────────────────────────────────────────────

create table public.project_dashboard_people (
  dashboard_id uuid not null references public.project_dashboards (id) on delete cascade,
  person_id uuid not null references public.profiles (id) on delete cascade,
  primary key (dashboard_id, person_id)
);
comment on table public.project_dashboard_people is
  'Who sees a dashboard whose audience is "people": clients of the project''s organization. Staff only.';
create index project_dashboard_people_person_idx on public.project_dashboard_people (person_id);

create or replace function private.project_dashboard_people_check()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (
    select 1
    from public.project_dashboards d
    join public.projects pr on pr.id = d.project_id
    join public.profiles p on p.organization_id = pr.organization_id and p.role = 'client'
    where d.id = new.dashboard_id and p.id = new.person_id
  ) then
    raise exception 'Only clients of the project''s organization can be in a dashboard''s audience'
      using errcode = '23514', constraint = 'project_dashboard_people_client',
        -- PostgREST passes DETAIL on as `details`: the form finds the rule by its name there.
        detail = 'project_dashboard_people_client';
  end if;
  return new;
end
$$;

create trigger project_dashboard_people_check
  before insert or update on public.project_dashboard_people
  for each row execute function private.project_dashboard_people_check();

-- Whether the caller is among a dashboard's named people. Security definer: clients read no row
-- of project_dashboard_people (it would name their colleagues), yet the dashboards' policy asks.
create or replace function public.dashboard_names_me(p_dashboard_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.project_dashboard_people dp
    where dp.dashboard_id = p_dashboard_id and dp.person_id = (select auth.uid())
  )
$$;
comment on function public.dashboard_names_me(uuid) is
  'Whether the caller is among the named people of a dashboard (for its select policy).';
revoke all on function public.dashboard_names_me(uuid) from public, anon;
grant execute on function public.dashboard_names_me(uuid) to authenticated, service_role;

-- ─── Row-level security ──────────────────────────────────────────────────────────────────────

alter table public.project_dashboards enable row level security;
revoke all on table public.project_dashboards from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.project_dashboards to authenticated;
grant all on table public.project_dashboards to service_role;

create policy "project dashboards: clients read theirs, staff all" on public.project_dashboards
  for select to authenticated
  using (
    (select public.is_admin())
    or (
      project_id in (select public.client_project_ids())
      and (audience = 'everyone' or public.dashboard_names_me(id))
    )
  );
create policy "project dashboards: staff add" on public.project_dashboards
  for insert to authenticated with check ((select public.is_admin()));
create policy "project dashboards: staff change" on public.project_dashboards
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "project dashboards: staff remove" on public.project_dashboards
  for delete to authenticated using ((select public.is_admin()));

alter table public.project_dashboard_people enable row level security;
revoke all on table public.project_dashboard_people from public, anon, authenticated, service_role;
grant select, insert, update, delete on table public.project_dashboard_people to authenticated;
grant all on table public.project_dashboard_people to service_role;

create policy "project dashboard people: staff read" on public.project_dashboard_people
  for select to authenticated using ((select public.is_admin()));
create policy "project dashboard people: staff add" on public.project_dashboard_people
  for insert to authenticated with check ((select public.is_admin()));
create policy "project dashboard people: staff change" on public.project_dashboard_people
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "project dashboard people: staff remove" on public.project_dashboard_people
  for delete to authenticated using ((select public.is_admin()));

-- ─── Views, recorded like downloads ──────────────────────────────────────────────────────────

create table public.dashboard_views (
  id bigint generated always as identity primary key,
  dashboard_id uuid not null references public.project_dashboards (id) on delete cascade,
  -- No foreign key: the history keeps a person's views after their account is deleted.
  viewer_id uuid not null,
  viewed_at timestamptz not null default now()
);
comment on table public.dashboard_views is
  'Who opened which dashboard, and when. Staff read all; written only by open_dashboard.';
create index dashboard_views_dashboard_idx on public.dashboard_views (dashboard_id, viewer_id, viewed_at desc);
create index dashboard_views_viewer_idx on public.dashboard_views (viewer_id, viewed_at desc);

alter table public.dashboard_views enable row level security;
revoke all on table public.dashboard_views from public, anon, authenticated, service_role;
revoke all on sequence public.dashboard_views_id_seq from public, anon, authenticated, service_role;
grant select on table public.dashboard_views to authenticated, service_role;

create policy "dashboard views: staff read" on public.dashboard_views
  for select to authenticated using ((select public.is_admin()));

-- Opening a dashboard: whoever may read it (exactly its select policy), recorded once within
-- view_record_seconds, clients at most views_per_minute; what the portal (or the dashboard-embed
-- function) needs to show it. Anyone else gets what a dashboard that does not exist gets.
create or replace function public.open_dashboard(p_dashboard_id uuid)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  viewer uuid := auth.uid();
  dashboard public.project_dashboards;
  organization_slug text;
  settings private.dashboard_settings;
  last_minute integer;
begin
  select d.* into dashboard
  from public.project_dashboards d
  where d.id = p_dashboard_id
    and viewer is not null
    and (
      public.is_admin()
      or (
        d.project_id in (select public.client_project_ids())
        and (d.audience = 'everyone' or public.dashboard_names_me(d.id))
      )
    );
  if not found then
    -- PostgREST answers a PTxyz SQLSTATE with HTTP status xyz.
    raise exception 'Dashboard not found' using errcode = 'PT404';
  end if;
  select o.slug into organization_slug
  from public.projects pr join public.organizations o on o.id = pr.organization_id
  where pr.id = dashboard.project_id;

  -- A staff member previewing the portal is not the client looking (0022): nothing recorded.
  if not public.is_view_as() then
    perform pg_advisory_xact_lock(hashtextextended('dashboard_views:' || viewer::text, 0));
    select * into settings from private.dashboard_settings;
    if not exists (
      select 1 from public.dashboard_views v
      where v.dashboard_id = p_dashboard_id and v.viewer_id = viewer
        and v.viewed_at > now() - make_interval(secs => settings.view_record_seconds)
    ) then
      if not public.is_admin() then
        select count(*) into last_minute from public.dashboard_views v
        where v.viewer_id = viewer and v.viewed_at > now() - interval '1 minute';
        if last_minute >= settings.views_per_minute then
          raise exception 'Too many dashboards opened in a short time: at most % per minute', settings.views_per_minute
            using errcode = 'PT429', hint = 'Wait a minute and try again';
        end if;
      end if;
      insert into public.dashboard_views (dashboard_id, viewer_id) values (p_dashboard_id, viewer);
    end if;
  end if;

  return jsonb_build_object(
    'id', dashboard.id,
    'kind', dashboard.kind,
    'url', dashboard.url,
    'refuses_framing', dashboard.refuses_framing,
    'metabase', case when dashboard.kind = 'metabase' then jsonb_build_object(
      'dashboard', dashboard.metabase_dashboard_id,
      'parameter', dashboard.locked_parameter,
      'value', organization_slug
    ) end
  );
end
$$;
comment on function public.open_dashboard(uuid) is
  'Records that the caller opened a dashboard they may read (once within view_record_seconds; clients at most views_per_minute) and returns {id, kind, url, refuses_framing, metabase: {dashboard, parameter, value}}. Not found (404) for anything else.';
revoke all on function public.open_dashboard(uuid) from public, anon, service_role;
grant execute on function public.open_dashboard(uuid) to authenticated;

-- Staff's summary per dashboard of a project: how many views, the last one, the last viewers.
create or replace function public.project_dashboard_views(p_project_id uuid)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(summary order by summary ->> 'dashboard_id'), '[]'::jsonb)
  from (
    select jsonb_build_object(
      'dashboard_id', d.id,
      'views', count(v.id),
      'last_viewed_at', max(v.viewed_at),
      'last_viewers', coalesce((
        select jsonb_agg(jsonb_build_object('viewer_name', p.full_name, 'viewed_at', lv.viewed_at) order by lv.viewed_at desc)
        from (
          select v2.viewer_id, v2.viewed_at from public.dashboard_views v2
          where v2.dashboard_id = d.id order by v2.viewed_at desc, v2.id desc limit 5
        ) lv
        left join public.profiles p on p.id = lv.viewer_id
      ), '[]'::jsonb)
    ) as summary
    from public.project_dashboards d
    join public.dashboard_views v on v.dashboard_id = d.id
    where d.project_id = p_project_id
    group by d.id
  ) s
$$;
comment on function public.project_dashboard_views(uuid) is
  'Per dashboard of the project with views: {dashboard_id, views, last_viewed_at, last_viewers: [{viewer_name, viewed_at}] (5 newest)}; only staff read views, so [] for anyone else.';
grant execute on function public.project_dashboard_views(uuid) to authenticated;

-- ─── The known providers ─────────────────────────────────────────────────────────────────────

insert into public.dashboard_hosts (host, label, created_by) values
  ('app.powerbi.com', 'Power BI', null),
  ('lookerstudio.google.com', 'Looker Studio', null),
  ('public.tableau.com', 'Tableau Public', null),
  ('online.tableau.com', 'Tableau Cloud', null);
