-- Search for both areas (issue 12, item 5). public.search(query) runs with the caller's rights
-- (security invoker), so row-level security decides what it can find exactly as it decides what
-- the caller can read; a client's search never sees another organization's rows, hidden projects
-- or unpublished reports. What it looks in:
--   everyone (through RLS): projects (name, description, the service's name in Spanish and
--     English, and the labels of the project's metrics in both languages), documents (name,
--     description) and reports (title, summary);
--   staff only (public.is_admin()): organizations, people (profiles) and leads (contact messages).
-- Matching ignores case and accents on both sides (search_fold): "gestion" finds "Gestión".
-- PGlite has no unaccent extension, so the folding is a translate() over the Latin letters the
-- firm's two languages (and names from Portugal, France, Germany...) use.

create or replace function public.search_fold(value text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select translate(
    lower(coalesce(value, '')),
    'áàâäãåāéèêëēíìîïīóòôöõøōúùûüūñçýÿ',
    'aaaaaaaeeeeeiiiiiooooooouuuuuncyy'
  )
$$;

comment on function public.search_fold(text) is
  'Lower case without accents, for accent- and case-insensitive search (PGlite has no unaccent).';

-- The services' names in both languages, as the site shows them (src/lib/labels.ts and the
-- catalogs; tests/integration/rls/search.test.ts checks that each holds both). The Spanish site
-- says "Business intelligence"; "Inteligencia de negocio" is kept as the term people also type.
create or replace function public.search_service_names(service text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case service
    when 'business-intelligence' then 'Business intelligence · Inteligencia de negocio'
    when 'data-architecture' then 'Data architecture · Arquitectura de datos'
    when 'data-engineering' then 'Data engineering · Ingeniería de datos'
    when 'governance' then 'Data governance · Gobierno de datos'
    when 'financial-intelligence' then 'Financial intelligence · Inteligencia financiera'
    when 'customer-intelligence' then 'Customer intelligence · Inteligencia de clientes'
    else coalesce(service, '')
  end
$$;

create or replace function public.search(p_query text, p_limit integer default 20)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  needle text := btrim(public.search_fold(p_query));
  pattern text;
  result jsonb;
begin
  if char_length(needle) < 2 or char_length(needle) > 100 then
    raise exception 'A search needs 2 to 100 characters'
      using errcode = '22023', hint = 'search_query_length';
  end if;
  if p_limit is null or p_limit < 1 or p_limit > 50 then
    raise exception 'The limit of a search is 1 to 50'
      using errcode = '22023', hint = 'search_limit';
  end if;
  -- the caller's words are literal text, never LIKE wildcards
  pattern := '%' || replace(replace(replace(needle, '\', '\\'), '%', '\%'), '_', '\_') || '%';

  with hits as (
    select 'project' as kind, pr.id, pr.name as title, null::uuid as project_id, null::text as project_name,
      pr.organization_id, o.name as context, pr.updated_at as at
    from public.projects pr
    left join public.organizations o on o.id = pr.organization_id
    where public.search_fold(concat_ws(' ', pr.name, pr.description, public.search_service_names(pr.service)))
        like pattern
      or exists (
        select 1 from public.analytics_metrics m
        where m.project_id = pr.id and public.search_fold(concat_ws(' ', m.label_es, m.label_en)) like pattern
      )
    union all
    select 'document', d.id, d.name, d.project_id, pr.name, pr.organization_id, d.description, d.updated_at
    from public.documents d
    join public.projects pr on pr.id = d.project_id
    where public.search_fold(concat_ws(' ', d.name, d.description)) like pattern
    union all
    select 'report', r.id, r.title, r.project_id, pr.name, pr.organization_id, r.summary, r.updated_at
    from public.reports r
    join public.projects pr on pr.id = r.project_id
    where public.search_fold(concat_ws(' ', r.title, r.summary)) like pattern
    union all
    select 'organization', o.id, o.name, null, null, o.id, o.industry, o.updated_at
    from public.organizations o
    where public.is_admin()
      and public.search_fold(concat_ws(' ', o.name, o.legal_name, o.slug, o.industry)) like pattern
    union all
    select 'person', p.id, coalesce(nullif(p.full_name, ''), p.email), null, null, p.organization_id,
      concat_ws(' · ', p.email, o.name), p.updated_at
    from public.profiles p
    left join public.organizations o on o.id = p.organization_id
    where public.is_admin()
      and public.search_fold(concat_ws(' ', p.full_name, p.email)) like pattern
    union all
    select 'lead', c.id, c.name, null, null, null, concat_ws(' · ', c.company, c.email), c.created_at
    from public.contact_messages c
    where public.is_admin()
      and public.search_fold(concat_ws(' ', c.name, c.email, c.company, c.message)) like pattern
  ),
  ranked as (
    select *,
      row_number() over (
        partition by kind
        -- a title that starts with the words first, then one that holds them, then the newest
        order by (public.search_fold(title) like substr(pattern, 2)) desc,
          (public.search_fold(title) like pattern) desc, at desc
      ) as n
    from hits
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', kind, 'id', id, 'title', title, 'project_id', project_id, 'project_name', project_name,
      'organization_id', organization_id, 'context', left(context, 200)
    ) order by kind, n), '[]'::jsonb)
    into result
  from ranked
  where n <= p_limit;
  return result;
end
$$;

comment on function public.search(text, integer) is
  'Accent- and case-insensitive search under the caller''s RLS: projects, documents and reports for everyone; organizations, people and leads for staff. At most p_limit results of each kind.';

revoke all on function public.search(text, integer) from public, anon;
grant execute on function public.search(text, integer) to authenticated;
