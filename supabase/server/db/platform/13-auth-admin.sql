-- The role Supabase Auth connects as, which runs the Postgres-function Auth hooks
-- (pg-functions://…): our auth calls the same hooks in a transaction switched to it. It has no
-- rights of its own in the product's schemas; a migration grants what each hook needs.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin nologin noinherit;
  end if;
end
$$;

grant supabase_auth_admin to current_user;
grant usage on schema auth to supabase_auth_admin;
