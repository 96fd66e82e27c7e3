// Building blocks of the account page: a section titled by its h2, and the focus rule for the
// messages that answer a form (success or failure takes the focus, so it is read out at once).
import { useEffect, useId, useRef, type ReactNode } from 'react'
import { useAuthSelector } from '../../auth/use-auth'
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

/** A ref that receives the focus whenever `trigger` changes to something truthy. */
export function useFocusWhenShown<T extends HTMLElement = HTMLDivElement>(trigger: unknown) {
  const ref = useRef<T>(null)
  useEffect(() => {
    if (trigger) ref.current?.focus()
  }, [trigger])
  return ref
}

/**
 * The signed-in user's profile, or null for the moment between sign-out and leaving the page
 * (useProfile would throw then): pages render nothing rather than an error.
 */
export function useCurrentProfile() {
  return useAuthSelector((snapshot) => snapshot.context.profile)
}
