-- A staff member's preview of a client's portal (view as client, decision 0022) writes nothing,
-- now held by the database wherever PostgREST and Storage run, Supabase included (decision 0028).
-- Until now our server made a preview's transactions read-only itself; Supabase's PostgREST and
-- Storage do not.
--
-- - REST: PostgREST calls the function named by its `db-pre-request` setting at the start of
--   every request's transaction, as the request's role. `public.pre_request()` makes a preview's
--   transaction read-only there, so any write (a table, or an RPC, definer functions included)
--   fails with 25006, which PostgREST answers as 405. The setting is PostgREST's in-database
--   configuration on its `authenticator` role, which Supabase's PostgREST reads (and reloads on
--   `notify pgrst, 'reload config'`); our REST reads the same setting.
-- - Storage: restrictive policies on storage.objects refuse a preview's inserts, updates and
--   deletes whatever the permissive policies allow (Storage sets the JWT's claims, as PostgREST).
--
-- A project that already uses its own pre-request function calls this one from it instead.

create or replace function public.pre_request()
returns void
language plpgsql
volatile
set search_path = ''
as $$
begin
  -- Turning read-only on is allowed at any point of a transaction (only the reverse is not).
  if coalesce(auth.jwt() ->> 'view_as', '') <> '' then
    perform set_config('transaction_read_only', 'on', true);
  end if;
end
$$;

comment on function public.pre_request() is
  'PostgREST''s db-pre-request: a staff preview''s transaction (view as client) is read-only. Harmless to call directly.';

revoke execute on function public.pre_request() from public;
grant execute on function public.pre_request() to anon, authenticated, service_role;

do $$
begin
  if exists (select 1 from pg_roles where rolname = 'authenticator') then
    alter role authenticator set pgrst.db_pre_request to 'public.pre_request';
    notify pgrst, 'reload config';
  else
    raise notice 'no authenticator role here: PostgREST''s db-pre-request is not set';
  end if;
end
$$;

-- Restrictive: every write of a preview is refused, whatever else a permissive policy allows.
create policy "previews write nothing (insert)"
  on storage.objects as restrictive for insert to authenticated
  with check (coalesce((select auth.jwt()) ->> 'view_as', '') = '');

create policy "previews write nothing (update)"
  on storage.objects as restrictive for update to authenticated
  using (coalesce((select auth.jwt()) ->> 'view_as', '') = '');

create policy "previews write nothing (delete)"
  on storage.objects as restrictive for delete to authenticated
  using (coalesce((select auth.jwt()) ->> 'view_as', '') = '');
