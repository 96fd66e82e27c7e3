-- The admin overview's "Recent activity" in one request: the latest entries of the audit trail
-- with the name of whoever made each, instead of the entries first and their people after (two
-- round trips on every visit). Security invoker: the caller's row-level security decides which
-- entries and which names come back (staff see all; a client only what the trail shows them, and
-- no name of a profile they may not read).

create or replace function public.recent_activity(max_rows integer default 8)
returns table (
  id bigint,
  occurred_at timestamptz,
  actor_id uuid,
  actor_name text,
  entity_type text,
  action text,
  summary jsonb
)
language sql
stable
security invoker
set search_path = ''
as $$
  select a.id, a.occurred_at, a.actor_id, p.full_name, a.entity_type, a.action, a.summary
  from public.activity_log a
  left join public.profiles p on p.id = a.actor_id
  order by a.occurred_at desc, a.id desc
  -- at most 50, whatever is asked: the overview shows 8
  limit least(greatest(coalesce(max_rows, 8), 0), 50)
$$;

comment on function public.recent_activity(integer) is
  'The latest audit-trail entries the caller may read (at most 50), each with the name of its actor when the caller may read that profile.';

revoke execute on function public.recent_activity(integer) from public, anon;
grant execute on function public.recent_activity(integer) to authenticated;
