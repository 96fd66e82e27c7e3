// A small button that acts on one item of a list or a table row: it shows its action ("Edit")
// and is named with the item too ("Edit: Ventas 2025", lib/action-name.ts), so that a screen
// reader's list of buttons tells the rows apart.
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { useLingui } from '@lingui/react/macro'
import { actionName } from '@/lib/action-name'
import * as page from './page.css'

type RowActionProps = {
  /** The action, translated: the button's text unless `children` say it shorter. */
  label: string
  /** The item it acts on. */
  name: string
  children?: ReactNode
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'aria-label' | 'type' | 'children'>

export function RowAction({ label, name, children, className = page.smallButton, ...rest }: RowActionProps) {
  const { i18n } = useLingui()
  return (
    <button type="button" className={className} aria-label={actionName(i18n, label, name)} {...rest}>
      {children ?? label}
    </button>
  )
}
