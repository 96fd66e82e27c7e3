// Small pieces the portal pages share: status badges, the progress bar, due dates (overdue said
// in words, not only in red), and the skeleton, empty and error states of a section.
import { Component, Suspense, useEffect, useId, type ErrorInfo, type ReactNode } from 'react'
import { QueryErrorResetBoundary, useQueryErrorResetBoundary } from '@tanstack/react-query'
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { Trans, useLingui } from '@lingui/react/macro'
import * as layout from './layout.css'
import { formatDate, formatPercent, isOverdue } from '@/lib/format'
import {
  approvalStatusLabels,
  approvalStatusTone,
  labelOf,
  projectStatusLabels,
  projectStatusTone,
  taskStatusLabels,
  taskStatusTone,
  type BadgeTone,
} from '@/lib/labels'
import * as styles from './page.css'

const badgeVocabularies = {
  project: [projectStatusLabels, projectStatusTone],
  task: [taskStatusLabels, taskStatusTone],
  approval: [approvalStatusLabels, approvalStatusTone],
} as const

export function StatusBadge({ kind, status }: { kind: keyof typeof badgeVocabularies; status: string }) {
  const { i18n } = useLingui()
  const [labels, tones] = badgeVocabularies[kind]
  const tone: BadgeTone = tones[status] ?? 'neutral'
  return (
    <span className={styles.badge[tone]} data-status={status}>
      {labelOf(i18n, labels, status)}
    </span>
  )
}

/** A bar for the eye and the percentage in text for everyone; the bar itself is decorative. */
export function ProgressBar({ value }: { value: number }) {
  const { i18n } = useLingui()
  const clamped = Math.max(0, Math.min(100, value))
  const percent = formatPercent(clamped, i18n.locale)
  return (
    <div className={styles.progress}>
      <div className={styles.progressTrack} aria-hidden="true">
        <div className={styles.progressFill} style={{ width: `${clamped}%` }} />
      </div>
      <span className={styles.progressText}>
        <Trans>{percent} complete</Trans>
      </span>
    </div>
  )
}

/** "Due 12 Mar 2026", with "Overdue" spelled out first when the date has passed and the work is open. */
export function DueDate({ date, done }: { date: string | null; done: boolean }) {
  const { i18n } = useLingui()
  if (!date) {
    return (
      <span>
        <Trans>No due date</Trans>
      </span>
    )
  }
  const formatted = formatDate(date, i18n.locale)
  if (isOverdue(date, done)) {
    return (
      <span className={styles.overdue} data-overdue="true">
        <Trans>Overdue: was due {formatted}</Trans>
      </span>
    )
  }
  return (
    <span>
      <Trans>Due {formatted}</Trans>
    </span>
  )
}

/** How many unread items a link leads to (a project's conversation), said in words too. */
export function UnreadBadge({ count }: { count: number }) {
  return (
    <span className={styles.unreadBadge}>
      {count > 99 ? '99+' : count}
      <span className={layout.visuallyHidden}>
        {' '}
        <Trans>unread</Trans>
      </span>
    </span>
  )
}

/** A page section named by its heading; `focusable` lets the in-page nav move focus into it. */
export function PageSection({
  id,
  title,
  focusable,
  children,
}: {
  id: string
  title: ReactNode
  focusable?: boolean
  children: ReactNode
}) {
  const headingId = useId()
  return (
    <section id={id} className={styles.section} aria-labelledby={headingId} tabIndex={focusable ? -1 : undefined}>
      <h2 id={headingId} className={styles.sectionTitle}>
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A project that does not exist (or is not the reader's): the reason and the way back. */
export function ProjectNotFound({ reason, back }: { reason: ReactNode; back: ReactNode }) {
  return (
    <div className={styles.page} data-testid="project-not-found">
      <div className={styles.pageHeader}>
        <h1 className={styles.pageTitle}>
          <Trans>Project not found</Trans>
        </h1>
        <p className={styles.lead}>{reason}</p>
      </div>
      {back}
    </div>
  )
}

/**
 * A page's title (its one h1) and, under it, the sentence that says what the page is for, then
 * anything else of the page's head. `landmark`: a <header> (a page of its own), else a <div>.
 */
export function PageHeader({
  title,
  lead,
  landmark = false,
  children,
}: {
  title: ReactNode
  lead?: ReactNode
  landmark?: boolean
  children?: ReactNode
}) {
  const Element = landmark ? 'header' : 'div'
  return (
    <Element className={styles.pageHeader}>
      <h1 className={styles.pageTitle}>{title}</h1>
      {lead !== undefined && <p className={styles.lead}>{lead}</p>}
      {children}
    </Element>
  )
}

export function EmptyState({ children }: { children: ReactNode }) {
  return <p className={styles.panel}>{children}</p>
}

/** Placeholder blocks while a section's data arrives; announced once as "Loading...". */
export function SectionSkeleton({ lines = 3, block = false }: { lines?: number; block?: boolean }) {
  return (
    <div className={styles.skeleton} role="status">
      <span className={layout.visuallyHidden}>
        <Trans>Loading...</Trans>
      </span>
      {block && <div className={styles.skeletonBlock} aria-hidden="true" />}
      {Array.from({ length: lines }, (_, index) => (
        <div key={index} className={index % 2 ? styles.skeletonShort : styles.skeletonLine} aria-hidden="true" />
      ))}
    </div>
  )
}

interface BoundaryProps {
  onReset: () => void
  fallback: (retry: () => void) => ReactNode
  children: ReactNode
}

class ErrorBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false }

  static getDerivedStateFromError() {
    return { failed: true }
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.warn('portal section failed', error, info.componentStack)
  }

  retry = () => {
    this.props.onReset()
    this.setState({ failed: false })
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children
  }
}

/** Suspense with a skeleton, and a Retry that refetches what failed, around one section's data. */
export function SectionBoundary({
  children,
  failure,
  skeleton = <SectionSkeleton />,
}: {
  children: ReactNode
  failure: ReactNode
  skeleton?: ReactNode
}) {
  return (
    <QueryErrorResetBoundary>
      {({ reset }) => (
        <ErrorBoundary
          onReset={reset}
          fallback={(retry) => (
            <div className={styles.errorPanel} role="alert">
              <p className={styles.text}>{failure}</p>
              <button type="button" className={styles.smallButton} onClick={retry}>
                <Trans>Retry</Trans>
              </button>
            </div>
          )}
        >
          <Suspense fallback={skeleton}>{children}</Suspense>
        </ErrorBoundary>
      )}
    </QueryErrorResetBoundary>
  )
}

/**
 * A portal route whose loader or page failed: the frame stays, the page says so in its heading
 * and Retry runs the loader again (after letting failed queries fetch anew).
 */
export function PortalRouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  const queryErrorReset = useQueryErrorResetBoundary()
  useEffect(() => {
    console.error(error)
    queryErrorReset.reset()
  }, [error, queryErrorReset])
  return (
    <div className={styles.page}>
      <div className={styles.errorPanel} role="alert">
        <h1 className={styles.pageTitle}>
          <Trans>This page could not be loaded</Trans>
        </h1>
        <p className={styles.text}>
          <Trans>Check your connection and try again. If it keeps happening, please contact us.</Trans>
        </p>
        <button type="button" className={layout.buttonPrimary} onClick={() => void router.invalidate()}>
          <Trans>Retry</Trans>
        </button>
      </div>
    </div>
  )
}
