// Building blocks of the account page: a section titled by its h2, and the focus rule for the
// messages that answer a form (success or failure takes the focus, so it is read out at once).
import { useId, type ReactNode } from 'react'
import * as styles from './account.css'

export function AccountSection({
  title,
  intro,
  children,
  testId,
}: {
  title: ReactNode
  intro?: ReactNode
  children: ReactNode
  testId?: string
}) {
  const id = useId()
  return (
    <section className={styles.section} aria-labelledby={id} data-testid={testId}>
      <h2 id={id} className={styles.sectionTitle}>
        {title}
      </h2>
      {intro && <p className={styles.intro}>{intro}</p>}
      {children}
    </section>
  )
}
