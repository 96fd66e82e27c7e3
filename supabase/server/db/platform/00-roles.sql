-- Platform bootstrap (never part of supabase/migrations): what hosted Supabase provides and our
-- migrations rely on. The API roles, as Supabase defines them: the server connects as a
-- privileged user and switches to one of these per request, so row-level security applies.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$$;

grant anon, authenticated, service_role to current_user;

create schema if not exists extensions;
grant usage on schema public, extensions to anon, authenticated, service_role;

alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';

-- The role PostgREST connects as on Supabase; it holds PostgREST's in-database settings
-- (`pgrst.*`, read by our REST too: rest/schema-query.ts).
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'authenticator') then
    create role authenticator nologin noinherit;
  end if;
end
$$;
