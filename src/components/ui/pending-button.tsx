// A button whose action is a request: while the request is pending it says so (aria-disabled) and
// does nothing when pressed, but stays in the tab order and keeps the focus (a `disabled` button
// would drop it), so a keyboard user pressing it twice starts one request.
import type { ButtonHTMLAttributes, Ref } from 'react'

type PendingButtonProps = {
  /** The request is under way: pressing does nothing. */
  pending: boolean
  /** What pressing does when nothing is pending. */
  onClick: () => void
  ref?: Ref<HTMLButtonElement>
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'onClick' | 'aria-disabled'>

export function PendingButton({ pending, onClick, ...rest }: PendingButtonProps) {
  return (
    <button
      type="button"
      {...rest}
      aria-disabled={pending || undefined}
      onClick={() => {
        if (!pending) onClick()
      }}
    />
  )
}
