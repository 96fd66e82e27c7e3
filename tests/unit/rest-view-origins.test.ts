// Reading a view's column origins from PostgreSQL's node tree text (pg_rewrite.ev_action), as the
// REST schema cache does to give views the keys of the table columns they pass on.
import { describe, expect, it } from 'vitest'
import { ViewOrigins, viewColumnOrigins } from '../../supabase/server/rest/view-origins'

const entry = (resno: number, name: string, table: number, column: number, junk = false) =>
  `{TARGETENTRY :expr {VAR :varno 1 :varattno ${column} :vartype 23 :location -1} :resno ${resno} :resname ${name} ` +
  `:ressortgroupref 0 :resorigtbl ${table} :resorigcol ${column} :resjunk ${junk}}`

const view = (targets: string[], extra = '') =>
  `({QUERY :commandType 1 :utilityStmt <> :rtable ({RANGETBLENTRY :alias <> :eref {ALIAS :aliasname a ` +
  `:colnames ("id" "x\\ y")} :relid 16384}) :jointree {FROMEXPR :fromlist ({RANGETBLREF :rtindex 1}) :quals ` +
  `{CONST :consttype 23 :constlen 4 :constbyval true :constisnull false :location -1 :constvalue 4 [ 3 0 0 0 ]}} ` +
  `${extra}:targetList (${targets.join(' ')}) :override 0 :sortClause <>})`

describe('viewColumnOrigins', () => {
  it('maps each plain column to its table column, skipping expressions and junk entries', () => {
    const origins = viewColumnOrigins(
      view([
        entry(1, 'a\\(b\\)', 16384, 1),
        entry(2, 'x\\ y', 16384, 2),
        entry(3, 'z1', 0, 0),
        entry(4, 'j', 16384, 3, true),
      ]),
    )
    expect([...origins]).toEqual([
      [1, { table: 16384, column: 1 }],
      [2, { table: 16384, column: 2 }],
    ])
  })

  it('reads names that look like fields or braces, and datums of several tokens', () => {
    const origins = viewColumnOrigins(view([entry(1, ':resno', 7, 2), entry(2, '\\}\\{', 7, 3)], ':cteList <> '))
    expect(origins.get(1)).toEqual({ table: 7, column: 2 })
    expect(origins.get(2)).toEqual({ table: 7, column: 3 })
  })

  it('gives no origins for text it cannot read', () => {
    for (const text of ['', '(', '({QUERY :targetList (', 'garbage', '({QUERY :targetList <>})', '({VALUES})'])
      expect(viewColumnOrigins(text).size, text).toBe(0)
  })
})

describe('ViewOrigins', () => {
  it('follows a view over a view down to the table, and stops at a cycle', () => {
    const origins = new ViewOrigins([
      { oid: 100, definition: view([entry(1, 'id', 10, 1)]) },
      { oid: 200, definition: view([entry(1, 'ident', 100, 1), entry(2, 'other', 100, 2)]) },
      { oid: 300, definition: view([entry(1, 'loop', 400, 1)]) },
      { oid: 400, definition: view([entry(1, 'loop', 300, 1)]) },
    ])
    expect(origins.origin(200, 1)).toEqual({ table: 10, column: 1 })
    expect(origins.origin(200, 2)).toBeUndefined()
    expect(origins.origin(300, 1)).toBeUndefined()
    expect(origins.isView(100)).toBe(true)
    expect(origins.isView(10)).toBe(false)
  })
})
