-- Metrics arrive live in the portal and the admin area like the other lists of a project
-- (decision 0016; issue 23, major 1): a figure staff record, or one they make visible to the
-- client, reaches every open page that would show it. Realtime checks each change against the
-- subscriber's row-level security, so a client hears only their projects' visible figures.
do $$
begin
  if not exists (
    select 1 from pg_publication_tables
    where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'analytics_metrics'
  ) then
    alter publication supabase_realtime add table public.analytics_metrics;
  end if;
end
$$;
