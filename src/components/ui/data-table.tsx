// The one table of the portal and the admin area: it takes its columns (a name and a renderer
// each) and its rows, and writes the header row, the row headers and the cells itself. It sits in
// TableScroll's frame. With the cards layout (the default, for lists whose rows carry actions) a
// narrow frame shows each row as a card; the DOM stays the same table, with explicit roles so that
// a browser keeps its table semantics when CSS lays it out as cards, and each cell carries its
// column's name for the card's visible label. The scroll layout stays a table that scrolls
// sideways when too wide (a file preview, whose columns are the point).
import { useId, type ReactNode } from 'react'
import * as layoutStyles from './layout.css'
import { TableScroll } from './table-scroll'
import { EmptyState } from './page-kit'
import * as styles from './data-table.css'

export interface Column<Row> {
  /** Unique among the table's columns. */
  key: string
  /** The column's name: its header cell, and the label of its value on a card. */
  header: string
  /** The cell of one row. Nothing (null, undefined, false or '') leaves the cell empty, and off the card. */
  cell: (row: Row) => ReactNode
  /** The cell that names the row: a row header, the card's title. One column at most. */
  rowHeader?: boolean
  /** Figures: aligned to the end, on one line, with tabular digits. */
  numeric?: boolean
  /** Kept on one line (a date). */
  nowrap?: boolean
  /** The row's buttons: they wrap inside the cell, and take a card's whole width. */
  actions?: boolean
  /** On a card, the cell takes the card's whole width (a progress bar). */
  wide?: boolean
  /** Values that may be one long word (e-mail addresses): broken anywhere rather than widen the table. */
  breakWords?: boolean
  /** A class for the header cell (a column named by code, in monospace). */
  headerClassName?: string
}

/** Attributes of a row's <tr>: a class, and data-* for tests and styles. */
export type RowAttributes = { className?: string } & { [name: `data-${string}`]: string | undefined }

/** Each row's React key: its `id` unless the table says otherwise (rows without an id must). */
type RowKeyProps<Row> = Row extends { id: string }
  ? { rowKey?: (row: Row) => string }
  : { rowKey: (row: Row) => string }

interface TableProps<Row> {
  rowKey?: (row: Row) => string
  /** `false` leaves a column out (one a role may not use). */
  columns: readonly (Column<Row> | false)[]
  rows: readonly Row[]
  /** The row's key as this data attribute too (`data-task-id`): tests and styles find a row by it. */
  keyAttribute?: `data-${string}`
  rowAttributes?: (row: Row) => RowAttributes
  /** Shown instead of the table when there are no rows (a sentence: "This project has no tasks yet."). */
  empty?: ReactNode
  /** The table's caption, which names the table and its region; visually hidden unless `showCaption`. */
  caption?: ReactNode
  showCaption?: boolean
  /** Or the id of a heading on the page that names the table. */
  labelledBy?: string
  /** The scrolling region's name, when it should differ from the caption. */
  regionLabel?: string
  /** 'cards' (default): a card per row in a narrow frame. 'scroll': always a table, scrolling sideways when too wide. */
  layout?: styles.TableLayout
  /** The frame's id and whether it is hidden (a table behind a button that shows it). */
  id?: string
  hidden?: boolean
}

type DataTableProps<Row> = TableProps<Row> & RowKeyProps<Row>

const idOf = (row: unknown) => (row as { id: string }).id

const isEmpty = (content: ReactNode) => content === null || content === undefined || content === false || content === ''

function cellKind<Row>(column: Column<Row>) {
  if (column.actions) return 'actions'
  if (column.numeric) return 'numeric'
  if (column.nowrap) return 'nowrap'
  return 'text'
}

export function DataTable<Row>(props: DataTableProps<Row>) {
  const { rows, empty } = props
  if (empty !== undefined && rows.length === 0) return <EmptyState>{empty}</EmptyState>
  return <Table {...(props as TableProps<Row>)} />
}

function Table<Row>({
  columns: maybeColumns,
  rows,
  rowKey = idOf,
  keyAttribute,
  rowAttributes,
  caption,
  showCaption = false,
  labelledBy,
  regionLabel,
  layout = 'cards',
  id,
  hidden,
}: TableProps<Row>) {
  const captionId = useId()
  const columns = maybeColumns.filter((column): column is Column<Row> => column !== false)
  const nameId = caption !== undefined ? captionId : labelledBy
  return (
    <TableScroll
      labelledBy={regionLabel ? undefined : nameId}
      label={regionLabel}
      id={id}
      hidden={hidden}
      regionClassName={layout === 'cards' ? styles.cardsRegion : undefined}
    >
      {/* Explicit roles: a table laid out as cards by CSS stays a table for assistive technology. */}
      <table
        role="table"
        className={styles.table({ layout })}
        aria-labelledby={caption === undefined ? labelledBy : undefined}
        data-layout={layout}
      >
        {caption !== undefined && (
          <caption id={captionId} className={showCaption ? styles.caption : layoutStyles.visuallyHidden}>
            {caption}
          </caption>
        )}
        <thead role="rowgroup" className={styles.head}>
          <tr role="row">
            {columns.map((column) => (
              <th
                key={column.key}
                role="columnheader"
                scope="col"
                className={[styles.headerCell({ numeric: column.numeric ?? false }), column.headerClassName]
                  .filter(Boolean)
                  .join(' ')}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody role="rowgroup" className={styles.body}>
          {rows.map((row) => {
            const { className, ...data } = rowAttributes?.(row) ?? {}
            const key = rowKey(row)
            return (
              <tr
                key={key}
                role="row"
                className={className ? `${styles.row} ${className}` : styles.row}
                {...(keyAttribute ? { [keyAttribute]: key } : {})}
                {...data}
              >
                {columns.map((column) => {
                  const content = column.cell(row)
                  const empty = isEmpty(content)
                  if (column.rowHeader) {
                    return (
                      <th key={column.key} role="rowheader" scope="row" className={styles.cell({ kind: 'rowHeader' })}>
                        {content}
                      </th>
                    )
                  }
                  return (
                    <td
                      key={column.key}
                      role="cell"
                      className={styles.cell({
                        kind: cellKind(column),
                        wide: column.wide ?? false,
                        breakWords: column.breakWords ?? false,
                        empty,
                      })}
                      data-label={column.header}
                    >
                      {column.actions && !empty ? <div className={styles.actions}>{content}</div> : content}
                    </td>
                  )
                })}
              </tr>
            )
          })}
        </tbody>
      </table>
    </TableScroll>
  )
}
