// What a database holds outside PostgreSQL's own schemas, read from its catalog in one shape: the
// platform-schema test reads our bootstrap with it, and supabase-platform.ts was read with it from
// a database built by Supabase's own migrations. Objects that belong to an extension are left out
// (`create extension` makes them, not a bootstrap), and so are indexes, sequences and types.
import type { Queryable } from '../../../supabase/server/db/database'

export interface CatalogObjects {
  schemas: string[]
  /** Tables, partitioned tables, views and materialized views, `schema.name`, with their columns. */
  relations: Record<string, string[]>
  /** `schema.name(argument types)`, as `oidvectortypes` spells them. */
  functions: string[]
  /** Every role but PostgreSQL's predefined ones (`pg_*`) and the session's own user. */
  roles: string[]
  publications: string[]
}

const systemSchemas = `n.nspname not in ('pg_catalog', 'information_schema', 'pg_toast') and n.nspname !~ '^pg_(temp|toast_temp)_'`

const notFromExtension = (catalog: string, alias: string) =>
  `not exists (select 1 from pg_depend d where d.classid = '${catalog}'::regclass and d.objid = ${alias}.oid and d.deptype = 'e')`

export async function readCatalogObjects(db: Queryable): Promise<CatalogObjects> {
  const rows = async <T>(sql: string) => (await db.query<T>(sql)).rows
  const schemas = await rows<{ name: string }>(
    `select n.nspname as name from pg_namespace n where ${systemSchemas} and ${notFromExtension('pg_namespace', 'n')} order by 1`,
  )
  const columns = await rows<{ relation: string; column: string | null }>(`
    select n.nspname || '.' || c.relname as relation, a.attname as column
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    left join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
    where c.relkind in ('r', 'p', 'v', 'm', 'f') and not c.relispartition
      and ${systemSchemas} and ${notFromExtension('pg_class', 'c')}
    order by 1, a.attnum`)
  const functions = await rows<{ name: string }>(`
    select n.nspname || '.' || p.proname || '(' || oidvectortypes(p.proargtypes) || ')' as name
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where ${systemSchemas} and ${notFromExtension('pg_proc', 'p')}
    order by 1`)
  const roles = await rows<{ name: string }>(
    `select rolname as name from pg_roles where rolname !~ '^pg_' and rolname <> session_user order by 1`,
  )
  const publications = await rows<{ name: string }>(`select pubname as name from pg_publication order by 1`)

  const relations: Record<string, string[]> = {}
  for (const { relation, column } of columns) {
    relations[relation] ??= []
    if (column !== null) relations[relation].push(column)
  }
  return {
    schemas: schemas.map((row) => row.name),
    relations,
    functions: functions.map((row) => row.name),
    roles: roles.map((row) => row.name),
    publications: publications.map((row) => row.name),
  }
}
