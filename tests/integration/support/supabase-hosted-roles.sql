-- Supabase's hosted roles and ownership, for tests/integration/schema/hosted-postgres-role.test.ts.
-- Run as the cluster's bootstrap superuser (Supabase's `supabase_admin`) in database `postgres`,
-- in two parts: `-- part: roles` before our platform bootstrap (supabase/server/db/platform/),
-- `-- part: ownership` after it. Written from what Supabase's image does (supabase/postgres:
-- migrations/db/init-scripts, migrations/db/migrations, ansible/files/postgresql_config/
-- supautils.conf.j2 and postgresql_extension_custom_scripts/pg_cron), Realtime's tenant schema
-- (supabase/realtime: priv/repo/tenant_db_dump_15.sql) and Supabase's restrictions on the auth,
-- storage and realtime schemas since April 2025. Where those differ, the stricter holds here: a
-- project that migrates under these rules migrates under the older, wider ones too.

-- part: roles

-- `postgres` is the role a project's owner, the SQL editor and `supabase db push` use. Supabase
-- creates it as a superuser to run its own init scripts, then demotes it: no SUPERUSER, but
-- CREATEDB, CREATEROLE, REPLICATION and BYPASSRLS, and owner of the `postgres` database (so of its
-- `public` schema, which PostgreSQL 15 gives to the database's owner).
create role postgres login nosuperuser createdb createrole replication bypassrls;
alter database postgres owner to postgres;
alter role postgres set search_path to "$user", public, extensions;

-- The services' own roles: each owns its schema's tables and functions.
create role supabase_auth_admin login noinherit createrole;
create role supabase_storage_admin login noinherit createrole;
create role supabase_realtime_admin nologin noinherit;

-- part: ownership

-- Our server's change capture (decision 0014) is no part of Supabase: nothing may rely on it here.
drop schema _realtime cascade;

-- The `supabase_realtime` publication is created by Supabase's first init script, which runs as
-- `postgres` before its demotion: `postgres` owns it, and a project's migrations add its tables.
alter publication supabase_realtime owner to postgres;

-- The services' schemas belong to supabase_admin (who ran our bootstrap); what is in them, to the
-- service that runs it.
create function pg_temp.give_schema_contents(target name, owner name) returns void
language plpgsql as $$
declare
  item record;
begin
  for item in
    select c.oid::regclass as name, c.relkind
    from pg_class c
    where c.relnamespace = target::regnamespace and c.relkind in ('r', 'p', 'v', 'm', 'f', 'S')
      -- sequences that belong to a column go with their table
      and not exists (select 1 from pg_depend d
                      where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype in ('a', 'i'))
  loop
    execute format('alter %s %s owner to %I',
      case item.relkind when 'S' then 'sequence' when 'v' then 'view' when 'm' then 'materialized view'
                        when 'f' then 'foreign table' else 'table' end, item.name, owner);
  end loop;
  for item in select p.oid::regprocedure as name from pg_proc p where p.pronamespace = target::regnamespace loop
    execute format('alter routine %s owner to %I', item.name, owner);
  end loop;
  for item in
    select t.oid::regtype as name from pg_type t
    where t.typnamespace = target::regnamespace and t.typtype in ('e', 'd') loop
    execute format('alter type %s owner to %I', item.name, owner);
  end loop;
end
$$;
select pg_temp.give_schema_contents('auth', 'supabase_auth_admin');
select pg_temp.give_schema_contents('storage', 'supabase_storage_admin');
select pg_temp.give_schema_contents('realtime', 'supabase_realtime_admin');

-- What `postgres` may do there: use the schemas and read and write every table (including
-- TRIGGER, so triggers on auth.users and storage.objects), call every function; create nothing in
-- them (since April 2025, and `postgres` is no longer a member of the services' roles).
grant usage on schema auth, storage, realtime to postgres;
grant all on all tables in schema auth, storage, realtime to postgres;
grant all on all sequences in schema auth, storage, realtime to postgres;
grant all on all routines in schema auth, storage, realtime to postgres;

-- `extensions` is supabase_admin's; `postgres` may create in it (enable an extension there) and
-- use what is in it.
grant all on schema extensions to postgres;
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;
alter default privileges in schema extensions grant all on tables to postgres with grant option;
alter default privileges in schema extensions grant all on routines to postgres with grant option;
alter default privileges in schema extensions grant all on sequences to postgres with grant option;

-- The API roles, which `postgres` may take (set role), as PostgREST's authenticator does; they
-- inherit (Supabase's 2023 change), and `postgres` holds PostgreSQL's predefined read and signal
-- roles.
grant anon, authenticated, service_role to postgres;
alter role anon inherit;
alter role authenticated inherit;
alter role service_role inherit;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;

-- PostgREST's in-database settings on its `authenticator` role: supautils lets `postgres` set the
-- `pgrst.*` ones (privileged_role_allowed_configs; `authenticator*` among its reserved roles, whose
-- settings it may change). PostgreSQL 15 lets only a superuser set a setting it does not know, so
-- here the one our migrations set is granted instead.
grant set on parameter pgrst.db_pre_request to postgres;

-- What `postgres` creates in `public` is granted to the API roles (Supabase's init scripts ran as
-- `postgres` while it was still a superuser, so these default privileges are its own).
alter default privileges for role postgres in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public grant all on sequences to anon, authenticated, service_role;

-- The migration history the Supabase CLI keeps is created by `supabase db push`, connected as
-- `postgres`; so is our server's record of the seed, which stands for the CLI's seed_files.
alter schema supabase_migrations owner to postgres;
alter table supabase_migrations.schema_migrations owner to postgres;
alter schema _platform owner to postgres;
alter table _platform.applied owner to postgres;

-- pg_cron, as Supabase enables it: supautils lets `postgres` run `create extension pg_cron` and runs
-- it as supabase_admin, in pg_catalog (its override of the extension's schema), then grants
-- `postgres` the use of the cron schema and its functions, and of cron.job reading only (jobs are
-- made and removed through cron.schedule and cron.unschedule, which act on the caller's own jobs).
-- supautils is not installed here, so supabase_admin enables it beforehand, as the Dashboard's
-- toggle would; the migration's own `create extension if not exists` then finds it.
create extension pg_cron with schema pg_catalog;
grant usage on schema cron to postgres with grant option;
grant all on all functions in schema cron to postgres with grant option;
grant all privileges on all tables in schema cron to postgres with grant option;
revoke all on table cron.job from postgres;
grant select on table cron.job to postgres with grant option;

-- Vault and pg_net, as far as the send-notifications job uses them, owned by supabase_admin: the
-- decrypted secrets (a table here), which `postgres` may read, and net.http_post, a security
-- definer function that `postgres` and the API roles may call (Supabase's grant_pg_net_access);
-- it records what it was asked to send.
create schema vault;
create table vault.decrypted_secrets (name text primary key, decrypted_secret text);
insert into vault.decrypted_secrets values
  ('project_url', 'https://project-ref.supabase.co'), ('service_role_key', 'the-service-role-key');
grant usage on schema vault to postgres;
grant select on vault.decrypted_secrets to postgres;

create schema net;
create table net.sent (url text, body jsonb, headers jsonb, timeout_milliseconds integer);
create function net.http_post(url text, body jsonb default '{}', params jsonb default '{}',
                              headers jsonb default '{}', timeout_milliseconds integer default 5000)
returns bigint language sql security definer set search_path = net as $$
  insert into net.sent values (url, body, headers, timeout_milliseconds) returning 1::bigint
$$;
revoke all on function net.http_post(text, jsonb, jsonb, jsonb, integer) from public;
grant usage on schema net to postgres, anon, authenticated, service_role;
grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres, anon, authenticated, service_role;
