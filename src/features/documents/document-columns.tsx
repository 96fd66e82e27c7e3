// The columns both areas' document tables share after the document's name, so a file reads the
// same in the portal and the admin area: its category and its size. Each area writes the name
// cell (what it says under the name differs) and adds its own: the date or whether the client
// sees it, and what can be done with it.
import { useLingui } from '@lingui/react/macro'
import type { Column } from '@/components/ui/data-table'
import type { Tables } from '@/lib/db'
import { formatBytes } from '@/lib/format'
import { documentCategoryLabels } from '@/features/documents/labels'
import { labelOf } from '@/lib/labels'

type DocumentRow = Pick<Tables<'documents'>, 'category' | 'size_bytes'>

export function useDocumentColumns<Row extends DocumentRow>(): Column<Row>[] {
  const { t, i18n } = useLingui()
  return [
    {
      key: 'category',
      header: t`Category`,
      cell: (document) => labelOf(i18n, documentCategoryLabels, document.category),
    },
    {
      key: 'size',
      header: t`Size`,
      numeric: true,
      cell: (document) => formatBytes(document.size_bytes, i18n.locale),
    },
  ]
}
