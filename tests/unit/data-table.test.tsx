// The one table (src/components/ui/data-table.tsx): columns become the header row, renderers fill
// the cells, the naming column becomes row headers, and every other cell carries its column's
// name as the label a card shows; a column given as `false` is left out; the table and its region
// are named; a table that fits its box shows no scroll hint and adds no tab stop.
import { beforeAll, describe, expect, it } from 'vitest'
import { render, screen, within } from '@testing-library/react'
import { I18nProvider } from '@lingui/react'
import { DataTable, type Column } from '../../src/components/ui/data-table'
import { activateLocale, i18n } from '../../src/lib/i18n'
import { serveCatalogs } from './support/catalogs'

interface File {
  id: string
  name: string
  size: number
  note: string | null
}

const files: File[] = [
  { id: 'a', name: 'Budget.xlsx', size: 2048, note: 'Second draft' },
  { id: 'b', name: 'Minutes.pdf', size: 512, note: null },
]

function columns(withActions: boolean): (Column<File> | false)[] {
  return [
    { key: 'name', header: 'Name', rowHeader: true, cell: (file) => <strong>{file.name}</strong> },
    { key: 'size', header: 'Size', numeric: true, cell: (file) => `${file.size / 1024} KB` },
    { key: 'note', header: 'Note', cell: (file) => file.note },
    withActions && {
      key: 'actions',
      header: 'Actions',
      actions: true,
      cell: (file) => <button type="button">Download {file.name}</button>,
    },
  ]
}

function renderTable(withActions = true) {
  return render(
    <I18nProvider i18n={i18n}>
      <DataTable
        caption="Files of the project"
        rows={files}
        rowKey={(file) => file.id}
        rowAttributes={(file) => ({ 'data-file-id': file.id })}
        columns={columns(withActions)}
      />
    </I18nProvider>,
  )
}

beforeAll(async () => {
  serveCatalogs()
  await activateLocale('en')
})

describe('DataTable', () => {
  it('writes one header cell per column, in order, and leaves out a column given as false', () => {
    renderTable()
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Name',
      'Size',
      'Note',
      'Actions',
    ])
    for (const header of screen.getAllByRole('columnheader')) expect(header).toHaveAttribute('scope', 'col')
    renderTable(false)
    const [, withoutActions] = screen.getAllByRole('table')
    expect(
      within(withoutActions!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Name', 'Size', 'Note'])
  })

  it('fills the cells with the renderers, the naming column as row headers', () => {
    renderTable()
    const rowHeaders = screen.getAllByRole('rowheader')
    expect(rowHeaders.map((cell) => cell.textContent)).toEqual(['Budget.xlsx', 'Minutes.pdf'])
    expect(rowHeaders[0]).toHaveAttribute('scope', 'row')
    expect(rowHeaders[0]!.querySelector('strong')).toHaveTextContent('Budget.xlsx')

    const [, first, second] = screen.getAllByRole('row')
    expect(first).toHaveAttribute('data-file-id', 'a')
    expect(
      within(first!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2 KB', 'Second draft', 'Download Budget.xlsx'])
    // an empty value keeps its cell, so every later cell stays under its own column
    expect(
      within(second!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['0.5 KB', '', 'Download Minutes.pdf'])
    expect(within(second!).getByRole('button', { name: 'Download Minutes.pdf' })).toBeInTheDocument()
  })

  it("gives every cell but the row's name its column's name, the label a card shows", () => {
    renderTable()
    for (const row of screen.getAllByRole('row').slice(1)) {
      expect(
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.getAttribute('data-label')),
      ).toEqual(['Size', 'Note', 'Actions'])
      // the row header is the card's title: no label
      expect(within(row).getByRole('rowheader')).not.toHaveAttribute('data-label')
    }
    // the label is not text of the cell: its content and accessible name stay the value alone
    expect(screen.getAllByRole('cell')[0]).toHaveTextContent(/^2 KB$/)
  })

  it('names the table and its region by the caption; a table that fits shows no hint and adds no tab stop', () => {
    renderTable()
    const table = screen.getByRole('table', { name: 'Files of the project' })
    expect(table).toHaveAttribute('data-layout', 'cards')
    const region = screen.getByRole('region', { name: 'Files of the project' })
    expect(region).toContainElement(table)
    expect(region).not.toHaveAttribute('tabindex')
    expect(region).not.toHaveAttribute('aria-describedby')
    expect(screen.queryByText('Scroll sideways to see every column.')).not.toBeInTheDocument()
  })
})
