-- Search, second round (issue 23, item 15): it forgives typing errors ("dashbord" finds
-- "dashboard") and also looks in tasks and conversation messages. Still security invoker: row-level
-- security decides what it finds, so a client finds their projects' tasks (never internal ones)
-- and the messages of their projects' conversations (never internal notes), and staff find every
-- message, internal notes included.
--
-- Typo tolerance comes from pg_trgm's word_similarity (the needle against the most similar stretch
-- of the text), which Supabase offers as an extension and PGlite ships as a contrib module (our
-- server loads it). A text that holds the words scores 1; otherwise queries of 4 characters or more
-- match from a similarity of 0.6 (pg_trgm's own word_similarity_threshold); shorter ones would
-- match too much by chance, so they must appear as typed.

create extension if not exists pg_trgm with schema extensions;

-- How well a text answers the (already folded) words: 1 when it holds them, its trigram word
-- similarity when it is close enough, 0 otherwise.
create or replace function public.search_score(haystack text, needle text)
returns real
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when strpos(folded, needle) > 0 then 1::real
    when char_length(needle) < 4 then 0::real
    else (select case when w >= 0.6 then w else 0::real end
          from (select extensions.word_similarity(needle, folded) as w) similarity)
  end
  from (select public.search_fold(haystack) as folded) text_folded
$$;

comment on function public.search_score(text, text) is
  'Search relevance of a text for folded words: 1 when it holds them; for 4 characters or more, the pg_trgm word similarity when at least 0.6 (a typing error); else 0.';

create or replace function public.search(p_query text, p_limit integer default 20)
returns jsonb
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  needle text := btrim(public.search_fold(p_query));
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

  with candidates as (
    select 'project' as kind, pr.id, pr.name as title, null::uuid as project_id, null::text as project_name,
      pr.organization_id, o.name as context, pr.updated_at as at, false as internal,
      greatest(
        public.search_score(concat_ws(' ', pr.name, pr.description, public.search_service_names(pr.service)), needle),
        (select max(public.search_score(concat_ws(' ', m.label_es, m.label_en), needle))
          from public.analytics_metrics m where m.project_id = pr.id)
      ) as score
    from public.projects pr
    left join public.organizations o on o.id = pr.organization_id
    union all
    select 'document', d.id, d.name, d.project_id, pr.name, pr.organization_id, d.description, d.updated_at, false,
      public.search_score(concat_ws(' ', d.name, d.description), needle)
    from public.documents d
    join public.projects pr on pr.id = d.project_id
    union all
    select 'report', r.id, r.title, r.project_id, pr.name, pr.organization_id, r.summary, r.updated_at, false,
      public.search_score(concat_ws(' ', r.title, r.summary), needle)
    from public.reports r
    join public.projects pr on pr.id = r.project_id
    union all
    -- tasks: row-level security keeps internal ones and other organizations' from clients
    select 'task', t.id, t.title, t.project_id, pr.name, pr.organization_id, t.description, t.updated_at, false,
      public.search_score(concat_ws(' ', t.title, t.description), needle)
    from public.tasks t
    join public.projects pr on pr.id = t.project_id
    union all
    -- messages: row-level security keeps internal notes from clients; a deleted one has no text
    select 'message', c.id, left(regexp_replace(c.body, '\s+', ' ', 'g'), 160), c.project_id, pr.name,
      pr.organization_id, null, c.created_at, c.is_internal,
      public.search_score(c.body, needle)
    from public.conversation_messages c
    join public.projects pr on pr.id = c.project_id
    where c.deleted_at is null
    union all
    select 'organization', o.id, o.name, null, null, o.id, o.industry, o.updated_at, false,
      public.search_score(concat_ws(' ', o.name, o.legal_name, o.slug, o.industry), needle)
    from public.organizations o
    where public.is_admin()
    union all
    select 'person', p.id, coalesce(nullif(p.full_name, ''), p.email), null, null, p.organization_id,
      concat_ws(' · ', p.email, o.name), p.updated_at, false,
      public.search_score(concat_ws(' ', p.full_name, p.email), needle)
    from public.profiles p
    left join public.organizations o on o.id = p.organization_id
    where public.is_admin()
    union all
    select 'lead', c.id, c.name, null, null, null, concat_ws(' · ', c.company, c.email), c.created_at, false,
      public.search_score(concat_ws(' ', c.name, c.email, c.company, c.message), needle)
    from public.contact_messages c
    where public.is_admin()
  ),
  ranked as (
    select *,
      row_number() over (
        partition by kind
        -- the words as typed before a near miss; then a title that starts with them, then one
        -- that holds them; then the newest
        order by score desc, starts_with(public.search_fold(title), needle) desc,
          strpos(public.search_fold(title), needle) > 0 desc, at desc
      ) as n
    from candidates
    where score > 0
  )
  select coalesce(jsonb_agg(jsonb_build_object(
      'kind', kind, 'id', id, 'title', title, 'project_id', project_id, 'project_name', project_name,
      'organization_id', organization_id, 'context', left(context, 200), 'internal', internal
    ) order by kind, n), '[]'::jsonb)
    into result
  from ranked
  where n <= p_limit;
  return result;
end
$$;

comment on function public.search(text, integer) is
  'Accent- and case-insensitive search that forgives typing errors, under the caller''s RLS: projects, documents, reports, tasks and conversation messages for everyone (what RLS lets them read); organizations, people and leads for staff. At most p_limit results of each kind.';

revoke all on function public.search(text, integer) from public, anon;
grant execute on function public.search(text, integer) to authenticated;
revoke all on function public.search_score(text, text) from public, anon;
grant execute on function public.search_score(text, text) to authenticated, service_role;
