-- The tables whose changes the portal and the admin area receive live (Supabase Realtime's
-- postgres_changes): each subscriber gets only the rows its row-level security lets it select.
-- The publication exists on every Supabase database (and in our platform bootstrap); a table is
-- added once, so the guard keeps this migration safe to run where one is already a member.
do $$
declare
  name text;
begin
  foreach name in array array['projects', 'documents', 'reports', 'tasks', 'notifications', 'activity_log'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = name
    ) then
      execute format('alter publication supabase_realtime add table public.%I', name);
    end if;
  end loop;
end
$$;
