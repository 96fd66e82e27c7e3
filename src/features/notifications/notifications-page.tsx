// The user's notifications, newest first, a page at a time, in either area. Each says whether it
// is unread (in words, not only colour), links to what it is about (the area decides where) and
// can be marked read; or all at once. Marking refreshes the list and the unread badges.
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useMutation, useQuery, useQueryClient, useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Plural, Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { OutcomeAlert, type Outcome } from '@/components/form/form-alert'
import * as layout from '@/components/ui/layout.css'
import {
  markNotificationsRead,
  notificationKeys,
  notificationsQuery,
  unreadCountQuery,
  type NotificationRow,
} from '@/features/notifications/queries'
import { saveFailureMessage } from '@/lib/write-failure'
import { useCurrentProfile } from '@/lib/auth/use-auth'
import * as styles from './notifications.css'
import { activePreview } from '@/lib/auth/view-as'
import { actionName } from '@/lib/action-name'

/** Where a notification leads in this area: a link, with `onFollow` (following it counts as reading it). */
export type NotificationLink = (item: NotificationRow, onFollow: () => void) => ReactNode

interface AreaProps {
  linkFor: NotificationLink
  /** What this area's person will be told about, for the empty list. */
  emptyHint: ReactNode
  /** The link to this area's notification settings (which of them also come by e-mail). */
  settingsLink: ReactNode
}

function useNotifications(userId: string) {
  const list = useSuspenseInfiniteQuery(notificationsQuery(userId))
  const items = list.data.pages.flatMap((page) => page.rows)
  const total = list.data.pages[0]?.total ?? items.length
  return { list, items, total }
}

export function NotificationsPage(props: AreaProps) {
  const profile = useCurrentProfile()
  return profile ? <NotificationList userId={profile.id} {...props} /> : null
}

/** The confirmation, translated when shown. */
const allRead: Outcome<MessageDescriptor> = { tone: 'info', text: msg`All notifications are marked as read.` }

function NotificationList({ userId, linkFor, emptyHint, settingsLink }: { userId: string } & AreaProps) {
  // A staff member's preview of the client's portal marks nothing read (decision 0022).
  const preview = activePreview() !== null
  const queryClient = useQueryClient()
  const { list, items, total } = useNotifications(userId)
  const unreadQuery = useQuery(unreadCountQuery(userId))
  const shown = items.length
  const unread = unreadQuery.data ?? items.filter((item) => !item.read_at).length
  const [outcome, setOutcome] = useState<Outcome<MessageDescriptor> | null>(null)
  const articles = useRef(new Map<string, HTMLElement>())
  const [focusId, setFocusId] = useState<string | null>(null)

  const mark = useMutation({
    mutationFn: (notificationId?: string) => markNotificationsRead(userId, notificationId),
    // The list and the unread badges (all under ['notifications', userId]).
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all(userId) }),
  })

  useEffect(() => {
    if (!focusId) return
    articles.current.get(focusId)?.focus()
    setFocusId(null)
  }, [focusId, items])

  async function markOne(id: string) {
    setOutcome(null)
    try {
      await mark.mutateAsync(id)
      setFocusId(id) // the button is gone: the notification itself keeps the place
    } catch (error) {
      setOutcome({ tone: 'error', text: saveFailureMessage(error) })
    }
  }

  async function markAll() {
    setOutcome(null)
    try {
      await mark.mutateAsync(undefined)
      setOutcome(allRead)
    } catch (error) {
      setOutcome({ tone: 'error', text: saveFailureMessage(error) })
    }
  }

  async function showMore() {
    const result = await list.fetchNextPage()
    const first = result.data?.pages.flatMap((page) => page.rows)[shown]
    if (first) setFocusId(first.id)
  }

  return (
    <div className={styles.page}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>
            <Trans>Notifications</Trans>
          </h1>
          <p className={styles.summary} data-testid="notifications-summary">
            {unread > 0 ? (
              <Plural value={unread} one="# unread notification" other="# unread notifications" />
            ) : (
              <Trans>No unread notifications.</Trans>
            )}
          </p>
          {!preview && <p className={styles.summary}>{settingsLink}</p>}
        </div>
        {unread > 0 && !preview && (
          <button
            type="button"
            className={layout.buttonSecondary}
            disabled={mark.isPending}
            onClick={() => void markAll()}
          >
            <Trans>Mark all as read</Trans>
          </button>
        )}
      </div>

      <OutcomeAlert outcome={outcome} />

      {items.length === 0 ? (
        <div className={styles.empty} data-testid="notifications-empty">
          <p className={styles.emptyTitle}>
            <Trans>You have no notifications yet.</Trans>
          </p>
          <p className={styles.summary}>{emptyHint}</p>
        </div>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <NotificationItem
              key={item.id}
              item={item}
              busy={mark.isPending}
              readOnly={preview}
              onMarkRead={markOne}
              link={linkFor(item, () => {
                if (!item.read_at && !preview) mark.mutate(item.id)
              })}
              articleRef={(element) => {
                if (element) articles.current.set(item.id, element)
                else articles.current.delete(item.id)
              }}
            />
          ))}
        </ul>
      )}

      {list.hasNextPage && (
        <div className={styles.more}>
          <p className={styles.summary} aria-live="polite">
            <Trans>
              Showing {shown} of {total}
            </Trans>
          </p>
          <button
            type="button"
            className={layout.buttonSecondary}
            disabled={list.isFetchingNextPage}
            onClick={() => void showMore()}
          >
            {list.isFetchingNextPage ? <Trans>Loading...</Trans> : <Trans>Show more</Trans>}
          </button>
        </div>
      )}
    </div>
  )
}

function NotificationItem({
  item,
  busy,
  readOnly,
  onMarkRead,
  link,
  articleRef,
}: {
  item: NotificationRow
  busy: boolean
  readOnly: boolean
  onMarkRead: (id: string) => Promise<void>
  link: ReactNode
  articleRef: (element: HTMLElement | null) => void
}) {
  const { i18n } = useLingui()
  const unread = !item.read_at
  const titleId = `notification-${item.id}`
  const date = new Date(item.created_at)
  const formatted = new Intl.DateTimeFormat(i18n.locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date)

  return (
    <li>
      <article
        ref={articleRef}
        tabIndex={-1}
        aria-labelledby={titleId}
        className={unread ? styles.itemUnread : styles.item}
        data-testid="notification"
        data-unread={unread ? 'true' : 'false'}
      >
        <h2 id={titleId} className={styles.itemTitle}>
          {unread && (
            <span className={styles.unreadTag}>
              <Trans>Unread</Trans>
            </span>
          )}
          {item.title}
        </h2>
        {item.body && <p className={styles.body}>{item.body}</p>}
        <div className={styles.meta}>
          <time dateTime={item.created_at}>{formatted}</time>
          {link}
          {unread && !readOnly && (
            <button
              type="button"
              className={styles.markButton}
              disabled={busy}
              aria-label={actionName(i18n, i18n._(msg`Mark as read`), item.title)}
              onClick={() => void onMarkRead(item.id)}
            >
              <Trans>Mark as read</Trans>
            </button>
          )}
        </div>
      </article>
    </li>
  )
}
