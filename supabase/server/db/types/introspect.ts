// Reads the public schema's tables, views, columns, foreign keys, enums and functions from the
// catalog: the facts the TypeScript types for supabase-js are generated from.
import type { Queryable } from '../database'

export interface ColumnInfo {
  table: string
  name: string
  type: string
  /** Element type for arrays, the enum name for enums. */
  udt: string
  isArray: boolean
  nullable: boolean
  hasDefault: boolean
  generated: boolean
  identity: boolean
}

export interface RelationInfo {
  name: string
  kind: 'table' | 'view'
  columns: ColumnInfo[]
}

export interface ForeignKeyInfo {
  name: string
  table: string
  columns: string[]
  referencedTable: string
  referencedColumns: string[]
  isOneToOne: boolean
}

export interface FunctionInfo {
  name: string
  args: { name: string; type: string; hasDefault: boolean }[]
  returns: string
  returnsSet: boolean
}

export interface SchemaInfo {
  relations: RelationInfo[]
  foreignKeys: ForeignKeyInfo[]
  enums: { name: string; values: string[] }[]
  functions: FunctionInfo[]
}

export async function introspect(db: Queryable, schema = 'public'): Promise<SchemaInfo> {
  const columns = await db.query<ColumnInfo & { kind: string }>(
    `select c.relname as table, a.attname as name, format_type(a.atttypid, null) as type,
            coalesce(et.typname, t.typname) as udt, t.typcategory = 'A' as "isArray",
            not a.attnotnull as nullable, a.atthasdef as "hasDefault",
            a.attgenerated <> '' as generated, a.attidentity <> '' as identity,
            case c.relkind when 'v' then 'view' when 'm' then 'view' else 'table' end as kind
       from pg_attribute a
       join pg_class c on c.oid = a.attrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_type t on t.oid = a.atttypid
       left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
      where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') and a.attnum > 0 and not a.attisdropped
      order by c.relname, a.attnum`,
    [schema],
  )
  const relations = new Map<string, RelationInfo>()
  for (const column of columns.rows) {
    const relation = relations.get(column.table) ?? {
      name: column.table,
      kind: column.kind as 'table' | 'view',
      columns: [],
    }
    relation.columns.push(column)
    relations.set(column.table, relation)
  }

  const foreignKeys = await db.query<ForeignKeyInfo>(
    `select con.conname as name, c.relname as table, rc.relname as "referencedTable",
            array(select pa.attname from unnest(con.conkey) with ordinality k(num, i)
                  join pg_attribute pa on pa.attrelid = con.conrelid and pa.attnum = k.num order by k.i) as columns,
            array(select pa.attname from unnest(con.confkey) with ordinality k(num, i)
                  join pg_attribute pa on pa.attrelid = con.confrelid and pa.attnum = k.num order by k.i) as "referencedColumns",
            exists (select 1 from pg_index ix where ix.indrelid = con.conrelid and ix.indisunique
                    and (ix.indkey::int2[])::int2[] @> con.conkey and array_length(con.conkey, 1) = ix.indnatts) as "isOneToOne"
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       join pg_class rc on rc.oid = con.confrelid
       join pg_namespace rn on rn.oid = rc.relnamespace
      where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1
      order by c.relname, con.conname`,
    [schema],
  )

  const enums = await db.query<{ name: string; values: string[] }>(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as values
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = $1 group by t.typname order by t.typname`,
    [schema],
  )

  const functions = await db.query<{
    name: string
    argNames: string[] | null
    argTypes: string[]
    defaults: number
    returns: string
    returnsSet: boolean
  }>(
    `select p.proname as name, p.proargnames as "argNames",
            array(select format_type(t, null) from unnest(p.proargtypes) t) as "argTypes",
            p.pronargdefaults as defaults, format_type(p.prorettype, null) as returns, p.proretset as "returnsSet"
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = $1 and p.prokind = 'f' and p.prorettype <> 'trigger'::regtype
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
      order by p.proname`,
    [schema],
  )

  return {
    relations: [...relations.values()],
    foreignKeys: foreignKeys.rows,
    enums: enums.rows,
    functions: functions.rows.map((fn) => ({
      name: fn.name,
      returns: fn.returns,
      returnsSet: fn.returnsSet,
      args: fn.argTypes.map((type, index) => ({
        name: fn.argNames?.[index] ?? `arg${index}`,
        type,
        hasDefault: index >= fn.argTypes.length - fn.defaults,
      })),
    })),
  }
}
