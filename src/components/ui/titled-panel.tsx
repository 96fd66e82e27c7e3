// A titled block of a staff section ("Add a document", "Record time"): a form panel that is a
// region named by its title, so a screen reader's list of regions reaches each form.
import { useId, type ReactNode } from 'react'
import * as styles from './form-layout.css'

export function TitledPanel({ title, children, testId }: { title: ReactNode; children: ReactNode; testId?: string }) {
  const titleId = useId()
  return (
    <section className={styles.formPanel} aria-labelledby={titleId} data-testid={testId}>
      <h3 id={titleId} className={styles.panelTitle}>
        {title}
      </h3>
      {children}
    </section>
  )
}
