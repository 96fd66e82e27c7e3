// The catalog query behind the schema cache: relations, columns, keys and functions of the
// `public` schema, read in one round trip as one JSON document (the same text on both drivers).
import type { Queryable } from '../db/database'

export interface CatalogColumn {
  relation: string
  attnum: number
  name: string
  type: string
  typname: string
  notnull: boolean
  hasdefault: boolean
  generated: boolean
  /** The default as SQL (an identity column's is its sequence's nextval); null when none or generated. */
  default: string | null
}

export interface CatalogRelation {
  oid: number
  name: string
  schema: string
  kind: string
}

/** A key of a table in any schema: views expose the keys of the tables they read. */
export interface CatalogConstraint {
  name: string
  type: 'p' | 'u' | 'f'
  table_oid: number
  columns: string[]
  attnums: number[]
  ref_oid: number | null
  ref_columns: string[] | null
  ref_attnums: number[] | null
}

/** A view (or materialized view) with its query tree, to follow its columns back to tables. */
export interface CatalogView {
  oid: number
  /** `pg_rewrite.ev_action` as text (PostgreSQL's node tree format). */
  definition: string
}

export interface CatalogFunctionArg {
  name: string
  type: string
  mode: string
  /** The relation whose row type the argument is (0 for other types). */
  relid: number
}

export interface CatalogFunction {
  name: string
  args: CatalogFunctionArg[]
  ndefaults: number
  retset: boolean
  return_type: string
  return_typtype: string
  return_relid: number
  /** The planner's estimate of rows returned (`ROWS n`); 1 makes a computed relationship to-one. */
  rows: number
  volatility: string
  /** Its comment, and what it returns as PostgREST names it: both order overloads as PostgREST does. */
  description: string | null
  return_schema: string
  return_name: string
  return_composite: boolean
}

export interface Catalog {
  relations: CatalogRelation[]
  columns: Array<CatalogColumn & { relid: number }>
  constraints: CatalogConstraint[]
  views: CatalogView[]
  functions: CatalogFunction[]
  /**
   * PostgREST's in-database configuration read here (`pgrst.db_pre_request`, `pgrst.db_tx_end`,
   * `pgrst.db_aggregates_enabled`, `pgrst.db_plan_enabled` on the authenticator role), by name
   * without the prefix.
   */
  db_config: Record<string, string> | null
}

// Relations of `public` plus any relation a public function returns the row type of; keys of
// tables in every schema but PostgreSQL's own; views of `public` and every view they read.
const catalogSql = `
with recursive fns as (
  select p.* from pg_proc p join pg_namespace n on n.oid = p.pronamespace
  where n.nspname = 'public' and p.prokind = 'f'
),
rels as (
  select c.oid, c.relname, n.nspname, c.relkind from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where (n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'f', 'p'))
     or c.oid in (select t.typrelid from fns join pg_type t on t.oid = fns.prorettype where t.typrelid <> 0)
),
views as (
  select c.oid from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('v', 'm')
  union
  select d.refobjid from views v
  join pg_rewrite r on r.ev_class = v.oid
  join pg_depend d on d.classid = 'pg_rewrite'::regclass and d.objid = r.oid and d.refclassid = 'pg_class'::regclass
  join pg_class c on c.oid = d.refobjid and c.relkind in ('v', 'm')
)
select json_build_object(
  -- Where PostgREST reads its in-database configuration (db-config): the authenticator role's
  -- settings, this database's before every database's.
  'db_config', (
    select json_object_agg(key, value) from (
      select distinct on (key) key, value from (
        select s.setdatabase, substr(setting, 7, strpos(setting, '=') - 7) as key,
               substr(setting, strpos(setting, '=') + 1) as value
        from pg_db_role_setting s cross join unnest(s.setconfig) setting
        where s.setrole = (select oid from pg_roles where rolname = 'authenticator')
          and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
          and setting like 'pgrst.%=%'
      ) settings
      where key in ('db_pre_request', 'db_tx_end', 'db_aggregates_enabled', 'db_plan_enabled')
      order by key, setdatabase desc
    ) chosen
  ),
  'relations', coalesce((select json_agg(json_build_object('oid', r.oid::int8, 'name', r.relname, 'schema', r.nspname, 'kind', r.relkind)) from rels r), '[]'),
  'columns', coalesce((
    select json_agg(json_build_object(
      'relid', a.attrelid::int8, 'relation', r.relname, 'attnum', a.attnum, 'name', a.attname, 'type', format_type(a.atttypid, null),
      'typname', t.typname, 'notnull', a.attnotnull, 'hasdefault', a.atthasdef, 'generated', a.attgenerated <> '',
      'default', case
        when a.attgenerated <> '' then null
        when a.attidentity in ('a', 'd') then format('nextval(%L::regclass)', pg_get_serial_sequence(a.attrelid::regclass::text, a.attname))
        else pg_get_expr(d.adbin, d.adrelid)
      end
    ) order by a.attrelid, a.attnum)
    from rels r join pg_attribute a on a.attrelid = r.oid and a.attnum > 0 and not a.attisdropped
    join pg_type t on t.oid = a.atttypid
    left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
  ), '[]'),
  'constraints', coalesce((
    select json_agg(json_build_object(
      'name', con.conname, 'type', con.contype, 'table_oid', con.conrelid::int8,
      'columns', (select json_agg(a.attname order by k.i) from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n),
      'attnums', to_json(con.conkey),
      'ref_oid', nullif(con.confrelid, 0)::int8,
      'ref_columns', (select json_agg(a.attname order by k.i) from unnest(con.confkey) with ordinality k(n, i)
                      join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n),
      'ref_attnums', to_json(con.confkey)
    ) order by con.conrelid, con.conname)
    from pg_constraint con
    join pg_class c on c.oid = con.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    where n.nspname not in ('pg_catalog', 'information_schema') and con.contype in ('p', 'u', 'f')
      and con.conparentid = 0
  ), '[]'),
  'views', coalesce((
    select json_agg(json_build_object('oid', r.ev_class::int8, 'definition', r.ev_action::text))
    from pg_rewrite r where r.ev_class in (select oid from views) and r.rulename = '_RETURN'
  ), '[]'),
  'functions', coalesce((
    select json_agg(json_build_object(
      'name', f.proname,
      'args', coalesce((
        select json_agg(json_build_object('name', coalesce(f.proargnames[a.i], ''), 'type', format_type(a.t, null),
                                          'mode', coalesce(f.proargmodes[a.i]::text, 'i'), 'relid', ty.typrelid::int8) order by a.i)
        from unnest(coalesce(f.proallargtypes, f.proargtypes::oid[])) with ordinality a(t, i)
        join pg_type ty on ty.oid = a.t
      ), '[]'),
      'ndefaults', f.pronargdefaults, 'retset', f.proretset,
      'return_type', format_type(f.prorettype, null), 'return_typtype', rt.typtype, 'return_relid', rt.typrelid::int8,
      'rows', f.prorows, 'volatility', f.provolatile,
      'description', obj_description(f.oid, 'pg_proc'),
      'return_schema', (select n.nspname from pg_namespace n where n.oid = rt.typnamespace),
      'return_name', coalesce((select c.relname from pg_class c where c.oid = rt.typrelid), rt.typname),
      'return_composite', rt.typtype = 'c' or coalesce(f.proargmodes::text[] && '{t,b,o}', false)
    ))
    from fns f join pg_type rt on rt.oid = f.prorettype
  ), '[]')
)::text as catalog`

export async function readCatalog(db: Queryable): Promise<Catalog> {
  const { rows } = await db.query<{ catalog: string }>(catalogSql)
  return JSON.parse(rows[0]?.catalog ?? '{}') as Catalog
}

/**
 * The time zones PostgreSQL knows, which `Prefer: timezone=` may name (PostgREST reads the same
 * list). Apart from the catalog: it takes a tenth of a second on PGlite and never changes while the
 * server runs, so it is read once, when a request first names a zone.
 */
export async function readTimezones(db: Queryable): Promise<ReadonlySet<string>> {
  const { rows } = await db.query<{ name: string }>('select name from pg_timezone_names')
  return new Set(rows.map((row) => row.name))
}
