import type { ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import * as styles from './spinner.css'

/** Shown while a page's code or data loads; role=status makes screen readers announce it. */
export function PageSpinner({ label }: { label?: ReactNode }) {
  return (
    <div className={styles.wrapper} role="status" aria-live="polite">
      <span className={styles.ring} aria-hidden="true" />
      <span>{label ?? <Trans>Loading...</Trans>}</span>
    </div>
  )
}
