import { useLingui } from '@lingui/react'
import type { TitledText } from './content/types'
import * as styles from './site.css'

/** Numbered steps (how the work runs, what happens after writing): a title and a line each. */
export function StepList({ steps }: { steps: TitledText[] }) {
  const { i18n } = useLingui()
  return (
    <ol className={styles.steps}>
      {steps.map((step) => (
        <li key={step.title.id} className={styles.step}>
          <h3>{i18n._(step.title)}</h3>
          <p className={styles.cardText}>{i18n._(step.text)}</p>
        </li>
      ))}
    </ol>
  )
}
