// A switch (role="switch"): one press turns a setting on or off. Its state shows twice, in the
// track and in words beside it ("Approves" / "Does not approve"), and the accessible name the
// caller gives carries it too, so the name read out and the words seen agree (WCAG 2.5.3).
import * as styles from './switch.css'

interface SwitchProps {
  checked: boolean
  /** The accessible name; it should contain the visible words (`onText` / `offText`). */
  label: string
  onText: string
  offText: string
  /** A change is under way: presses are ignored until it ends. */
  busy?: boolean
  onChange: (checked: boolean) => void
}

export function Switch({ checked, label, onText, offText, busy = false, onChange }: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-disabled={busy || undefined}
      className={styles.control}
      onClick={() => {
        if (!busy) onChange(!checked)
      }}
    >
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
      <span className={styles.state}>{checked ? onText : offText}</span>
    </button>
  )
}
