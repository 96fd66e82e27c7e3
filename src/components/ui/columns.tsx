// The columns many of the admin area's tables have, written once so that they read alike: the row's
// name with a line under it, a date, whether the client sees the row, and the row's actions (edit
// and delete). A table puts them among its own columns (DataTable takes them as they are).
import type { ReactNode } from 'react'
import { Trans, useLingui } from '@lingui/react/macro'
import { DeleteButton } from '@/components/form/project-form-kit'
import { formatDate } from '@/lib/format'
import type { Column } from './data-table'
import { RowAction } from './row-action'
import * as page from './page.css'

interface TitleColumn<Row> {
  key?: string
  header?: string
  title: (row: Row) => ReactNode
  /** A muted line under the name (a description), left out when empty. */
  detail?: (row: Row) => ReactNode
  /** More under it (a date, a history). */
  more?: (row: Row) => ReactNode
}

interface EditDelete<Row> {
  /** The row's name, for the buttons' names ("Edit: Ventas 2025"). */
  name: (row: Row) => string
  onEdit: (row: Row) => void
  /** The confirmation's question ("Delete the task “…”?"). */
  question: (name: string) => ReactNode
  busy: boolean
  onDelete: (row: Row) => void
  /** Other actions before these two. */
  before?: (row: Row) => ReactNode
}

export function useColumnKit<Row>() {
  const { t, i18n } = useLingui()
  return {
    /** The row's name: its row header (a card's title on a phone). */
    title: ({ key = 'name', header = t`Name`, title, detail, more }: TitleColumn<Row>): Column<Row> => ({
      key,
      header,
      rowHeader: true,
      cell: (row) => {
        const line = detail?.(row)
        return (
          <>
            <span className={page.itemTitle}>{title(row)}</span>
            {line && <p className={page.mutedText}>{line}</p>}
            {more?.(row)}
          </>
        )
      },
    }),
    /** The row's name ("Name"), its row header, written by the table (a link to the row's page). */
    name: (cell: (row: Row) => ReactNode): Column<Row> => ({ key: 'name', header: t`Name`, rowHeader: true, cell }),
    /** A calendar date, on one line, in the reader's language. */
    date: (key: string, header: string, date: (row: Row) => string): Column<Row> => ({
      key,
      header,
      nowrap: true,
      cell: (row) => formatDate(date(row), i18n.locale),
    }),
    /** Whether the client sees the row. */
    visibleToClient: (visible: (row: Row) => boolean): Column<Row> => ({
      key: 'visible',
      header: t`Visible to the client`,
      cell: (row) => (visible(row) ? <Trans>Yes</Trans> : <Trans>No</Trans>),
    }),
    /** The row's buttons. */
    actions: (cell: (row: Row) => ReactNode): Column<Row> => ({
      key: 'actions',
      header: t`Actions`,
      actions: true,
      cell,
    }),
    /** The row's buttons: edit (in the form under the table) and delete, after any others. */
    editDelete: ({ name, onEdit, question, busy, onDelete, before }: EditDelete<Row>): Column<Row> => ({
      key: 'actions',
      header: t`Actions`,
      actions: true,
      cell: (row) => {
        const rowName = name(row)
        return (
          <>
            {before?.(row)}
            <RowAction label={t`Edit`} name={rowName} onClick={() => onEdit(row)} />
            <DeleteButton name={rowName} question={question(rowName)} busy={busy} onConfirm={() => onDelete(row)} />
          </>
        )
      },
    }),
  }
}
