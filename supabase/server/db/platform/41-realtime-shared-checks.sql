-- Deciding one change costs a bounded amount of work, however many bindings ask about it
-- (decision 0014, "Limits"). Filters are no longer checked once per subscriber inside its
-- row-level-security check: the server asks every distinct condition at once
-- (`_realtime.conditions_hold`, one statement per column and operator), then one row-level-security
-- check per identity (`_realtime.visible_to`, now without filters). Bindings with distinct filters
-- but one identity thus cost one check, not one each.

-- Which of `conditions` hold for one change's row: [{column, op, value | values}], answered in
-- order. Operators map to a fixed list; columns come from the catalog, quoted; values are bound
-- as data and cast to the column's type. Conditions sharing a column and operator are decided by
-- one set-based statement.
create or replace function _realtime.conditions_hold(target regclass, change jsonb, conditions jsonb)
returns boolean[]
language plpgsql
set search_path = ''
as $$
declare
  result boolean[] := array_fill(false, array[jsonb_array_length(conditions)]);
  item record;
  column_type text;
  operator text;
  held bigint[];
  position bigint;
begin
  for item in
    select c ->> 'column' as name, c ->> 'op' as op,
      jsonb_agg(jsonb_build_object('n', n, 'value', c -> 'value', 'values', c -> 'values')) as entries
    from jsonb_array_elements(conditions) with ordinality e(c, n)
    group by 1, 2
  loop
    select format_type(a.atttypid, a.atttypmod) into column_type
    from pg_attribute a
    where a.attrelid = target and a.attname = item.name and a.attnum > 0 and not a.attisdropped;
    if column_type is null then
      raise exception 'invalid column for filter %', item.name;
    end if;
    operator := case item.op
      when 'eq' then '=' when 'neq' then '<>' when 'lt' then '<' when 'lte' then '<='
      when 'gt' then '>' when 'gte' then '>=' when 'in' then 'in' end;
    if operator is null then
      raise exception 'invalid operator %', item.op;
    end if;
    if operator = 'in' then
      execute format(
        'select array_agg((x ->> ''n'')::bigint) from jsonb_populate_record(null::%1$s, $1) r, jsonb_array_elements($2) x
         where r.%2$I = any(array(select jsonb_array_elements_text(x -> ''values''))::%3$s[])',
        target, item.name, column_type)
        into held using change, item.entries;
    else
      execute format(
        'select array_agg((x ->> ''n'')::bigint) from jsonb_populate_record(null::%1$s, $1) r, jsonb_array_elements($2) x
         where r.%2$I %3$s (x ->> ''value'')::%4$s',
        target, item.name, operator, column_type)
        into held using change, item.entries;
    end if;
    foreach position in array coalesce(held, '{}') loop
      result[position] := true;
    end loop;
  end loop;
  return result;
end
$$;
revoke execute on function _realtime.conditions_hold(regclass, jsonb, jsonb) from public;

-- The first of `vals` (1-based) that does not cast to its type in `types` (the catalog's
-- format_type of the filtered column), or null when all do: a join's filter values, checked in
-- one call. Each type is tried in bulk first; only a failing type is walked value by value.
create or replace function _realtime.invalid_value(vals text[], types text[])
returns integer
language plpgsql
set search_path = ''
as $$
declare
  type_name text;
  i integer;
begin
  for type_name in select distinct t from unnest(types) t loop
    begin
      execute format('select array_agg(v::%s) from unnest($1::text[]) v', type_name)
        using array(select vals[k] from generate_subscripts(types, 1) k where types[k] = type_name);
    exception when others then
      for i in 1 .. array_length(vals, 1) loop
        continue when types[i] <> type_name;
        begin
          execute format('select $1::%s', type_name) using vals[i];
        exception when others then
          return i;
        end;
      end loop;
    end;
  end loop;
  return null;
end
$$;
revoke execute on function _realtime.invalid_value(text[], text[]) from public;

-- Which of `subscribers` may see one change ([{role, claims}]), each evaluated as that subscriber:
-- its role and JWT claims set for the transaction, then the row looked up by primary key under
-- row-level security, exactly as a REST select by that caller would. Runs as the server's own
-- connection (security invoker), whose session user may take any API role. The statement depends
-- only on the table and the role: prepared once per connection (as that role, so under its
-- row-level security), planning is skipped for every later subscriber.
create or replace function _realtime.visible_to(target regclass, change jsonb, subscribers jsonb)
returns boolean[]
language plpgsql
set search_path = ''
as $$
declare
  key_condition text;
  result boolean[] := '{}';
  subscriber jsonb;
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
  statement := format(
    'select exists (select 1 from jsonb_populate_record(null::%1$s, $1) r join %1$s t on %2$s)',
    target, key_condition);
  for subscriber in select value from jsonb_array_elements(subscribers) loop
    perform set_config('role', subscriber ->> 'role', true);
    perform set_config('request.jwt.claims', subscriber ->> 'claims', true);
    perform set_config('request.jwt.claim.sub', coalesce((subscriber -> 'claims') ->> 'sub', ''), true);
    perform set_config('request.jwt.claim.role', subscriber ->> 'role', true);
    prepared := '_realtime_' || md5((subscriber ->> 'role') || ' ' || statement);
    if not exists (select 1 from pg_prepared_statements p where p.name = prepared) then
      execute format('prepare %I(jsonb) as %s', prepared, statement);
    end if;
    execute format('execute %I(%L)', prepared, change) into visible;
    perform set_config('role', 'none', true);
    result := result || visible;
  end loop;
  return result;
end
$$;
revoke execute on function _realtime.visible_to(regclass, jsonb, jsonb) from public;
