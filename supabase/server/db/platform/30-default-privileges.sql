-- Default privileges as Supabase's image sets them: tables, functions and sequences created later
-- in `public` (by the owner that runs the migrations) are granted to the API roles, so a table a
-- migration adds is reachable through the API as it would be on a Supabase project, and row-level
-- security decides. The migrations still state their own grants, and revoke what they keep
-- internal (see 20261124200200_internal_privileges.sql).
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
