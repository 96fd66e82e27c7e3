// CSV for spreadsheets: RFC 4180 quoting (a field with a comma, quote, line break or outer space
// is quoted, quotes doubled), CRLF line ends, and a UTF-8 byte-order mark so Excel reads accents
// as UTF-8. A cell that a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading
// apostrophe (OWASP "CSV injection"), since names and titles come from other people.

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/
const FORMULA_START = /^[=+\-@\t\r]/

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return ''
  let text = String(value)
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export function toCsv(rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  return '\uFEFF' + rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n'
}

/** A project's name as part of a file's name: ASCII lowercase words joined by hyphens, 60 characters at most. */
export function fileSlug(projectName: string): string {
  return (
    projectName
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || 'project'
  )
}

/** Starts the browser's download of `text` as a file. */
export function downloadText(text: string, fileName: string, type = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // After the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

/** `2026-11-22 14:03:09` in the reader's time zone: what spreadsheets read as a date and time. */
export function localTimestamp(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value
  const pad = (n: number) => String(n).padStart(2, '0')
  return (
    `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ` +
    `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
  )
}
