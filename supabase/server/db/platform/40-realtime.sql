-- Realtime, as hosted Supabase provides it: the `supabase_realtime` publication (empty; the
-- project's migrations add its tables) and the `realtime` schema that private-channel policies are
-- written against. Beside them, our own change capture (schema `_realtime`, decision 0014): PGlite
-- has no logical decoding, so a row trigger on every published table queues each change in
-- `_realtime.changes` and signals the server with NOTIFY, which is delivered at commit.
do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

-- What private-channel policies read (hosted: a partitioned table with these columns).
create table if not exists realtime.messages (
  id uuid not null default gen_random_uuid() primary key,
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to anon, authenticated, service_role;

create or replace function realtime.topic()
returns text
language sql
stable
as $$
  select nullif(current_setting('realtime.topic', true), '')
$$;
grant execute on function realtime.topic() to anon, authenticated, service_role;

create schema if not exists _realtime;
revoke all on schema _realtime from public;

create table if not exists _realtime.changes (
  id bigint generated always as identity primary key,
  schema_name text not null,
  table_name text not null,
  operation text not null,
  record jsonb,
  old_record jsonb,
  committed_at timestamptz not null default now()
);

-- Security definer: whoever writes a published table queues its change without any grant here.
create or replace function _realtime.capture()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into _realtime.changes (schema_name, table_name, operation, record, old_record)
  values (
    tg_table_schema, tg_table_name, tg_op,
    case when tg_op = 'DELETE' then null else to_jsonb(new) end,
    case when tg_op = 'INSERT' then null else to_jsonb(old) end
  );
  -- One notification per transaction: PostgreSQL folds identical ones.
  perform pg_notify('_realtime_changes', '');
  return null;
end
$$;
revoke execute on function _realtime.capture() from public;

-- Puts the capture trigger on every table of the publication and takes it off tables that left
-- it. The server runs it after the migrations, so `alter publication … add table` in a migration
-- is all a table needs, as on hosted Supabase.
create or replace function _realtime.sync_publication()
returns void
language plpgsql
set search_path = ''
as $$
declare
  item record;
begin
  for item in
    select c.oid::regclass as target
    from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_namespace n on n.oid = c.relnamespace
    where t.tgname = '_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables p
        where p.pubname = 'supabase_realtime' and p.schemaname = n.nspname and p.tablename = c.relname)
  loop
    execute format('drop trigger _realtime_capture on %s', item.target);
  end loop;
  for item in
    select format('%I.%I', p.schemaname, p.tablename)::regclass as target
    from pg_publication_tables p
    where p.pubname = 'supabase_realtime'
      and not exists (
        select 1 from pg_trigger t
        where t.tgrelid = format('%I.%I', p.schemaname, p.tablename)::regclass and t.tgname = '_realtime_capture')
  loop
    execute format(
      'create trigger _realtime_capture after insert or update or delete on %s for each row execute function _realtime.capture()',
      item.target);
  end loop;
end
$$;
revoke execute on function _realtime.sync_publication() from public;

-- Which of `subscribers` may see one change, each evaluated as that subscriber: its role and JWT
-- claims set for the transaction, its filters applied to the change's values, then the row looked
-- up by primary key under row-level security, exactly as a REST select by that caller would.
-- Runs as the server's own connection (security invoker), whose session user may take any API role.
-- `subscribers`: [{role, claims, filters: [{column, op, value | values}]}]. Operators map to a
-- fixed list; columns and values are quoted, values cast to the column's type.
create or replace function _realtime.visible_to(target regclass, change jsonb, subscribers jsonb)
returns boolean[]
language plpgsql
set search_path = ''
as $$
declare
  key_condition text;
  result boolean[] := '{}';
  subscriber jsonb;
  f jsonb;
  condition text;
  column_type text;
  operator text;
  visible boolean;
  statement text;
  prepared text;
begin
  select string_agg(format('t.%1$I = r.%1$I', a.attname), ' and ')
    into key_condition
  from pg_index i
  join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
  where i.indrelid = target and i.indisprimary;
  if key_condition is null then
    raise exception 'table % has no primary key', target;
  end if;
  for subscriber in select value from jsonb_array_elements(subscribers) loop
    condition := key_condition;
    for f in select value from jsonb_array_elements(coalesce(subscriber -> 'filters', '[]')) loop
      select format_type(a.atttypid, a.atttypmod) into column_type
      from pg_attribute a
      where a.attrelid = target and a.attname = f ->> 'column' and a.attnum > 0 and not a.attisdropped;
      if column_type is null then
        raise exception 'invalid column for filter %', f ->> 'column';
      end if;
      operator := case f ->> 'op'
        when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<' when 'lte' then '<='
        when 'gt' then '>' when 'gte' then '>=' when 'in' then 'in' end;
      if operator is null then
        raise exception 'invalid operator %', f ->> 'op';
      end if;
      if operator = 'in' then
        condition := condition || format(' and r.%I = any(%L::%s[])', f ->> 'column',
          (select coalesce(array_agg(v), '{}') from jsonb_array_elements_text(f -> 'values') v)::text, column_type);
      else
        condition := condition || format(' and r.%I %s %L::%s', f ->> 'column', operator, f ->> 'value', column_type);
      end if;
    end loop;
    statement := format(
      'select exists (select 1 from jsonb_populate_record(null::%1$s, $1) r join %1$s t on %2$s)',
      target, condition);
    perform set_config('role', subscriber ->> 'role', true);
    perform set_config('request.jwt.claims', subscriber ->> 'claims', true);
    perform set_config('request.jwt.claim.sub', coalesce((subscriber -> 'claims') ->> 'sub', ''), true);
    perform set_config('request.jwt.claim.role', subscriber ->> 'role', true);
    if condition = key_condition then
      -- Without filters the statement depends only on the table and the role: prepared once per
      -- connection (as that role, so under its row-level security), planning is skipped for every
      -- later subscriber. With filters, whose values vary without bound, it is planned each time.
      prepared := '_realtime_' || md5((subscriber ->> 'role') || ' ' || statement);
      if not exists (select 1 from pg_prepared_statements p where p.name = prepared) then
        execute format('prepare %I(jsonb) as %s', prepared, statement);
      end if;
      execute format('execute %I(%L)', prepared, change) into visible;
    else
      execute statement into visible using change;
    end if;
    perform set_config('role', 'none', true);
    result := result || visible;
  end loop;
  return result;
end
$$;
revoke execute on function _realtime.visible_to(regclass, jsonb, jsonb) from public;

-- The same for a deleted row, which is no longer there to look up: it is put back for the
-- question only (triggers and foreign keys off: session_replication_role = replica, which needs a
-- superuser or a granted setting), and the caller rolls the transaction back. Null when it cannot
-- be put back (a new row took its key): then no subscriber under row-level security gets it.
create or replace function _realtime.deleted_visible_to(target regclass, old_record jsonb, subscribers jsonb)
returns boolean[]
language plpgsql
set search_path = ''
as $$
begin
  perform set_config('session_replication_role', 'replica', true);
  begin
    execute format(
      'insert into %1$s overriding system value select * from jsonb_populate_record(null::%1$s, $1)', target)
      using old_record;
  exception when others then
    perform set_config('session_replication_role', 'origin', true);
    return null;
  end;
  perform set_config('session_replication_role', 'origin', true);
  return _realtime.visible_to(target, old_record, subscribers);
end
$$;
revoke execute on function _realtime.deleted_visible_to(regclass, jsonb, jsonb) from public;
