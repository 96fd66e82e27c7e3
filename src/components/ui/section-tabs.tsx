// The tabs of a page with sub-pages (a project, in both areas): a navigation landmark whose links
// the router marks `aria-current="page"` when open, shown by the row's style. The row stays one
// line; on a phone it scrolls sideways, and the open tab is brought into view within the row (the
// page itself does not move). Links are ordinary links: Tab reaches each, and focus scrolls it in.
import { useEffect, useRef, type ReactNode } from 'react'
import { useRouterState } from '@tanstack/react-router'
import * as styles from './section-tabs.css'

export { tab as tabLink, item as tabItem } from './section-tabs.css'

export function SectionTabs({ label, children }: { label: string; children: ReactNode }) {
  const listRef = useRef<HTMLUListElement>(null)
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  useEffect(() => {
    const list = listRef.current
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]')
    if (!list || !current) return
    const centre = () => (list.scrollLeft = current.offsetLeft - (list.clientWidth - current.offsetWidth) / 2)
    if (typeof IntersectionObserver === 'undefined') {
      const start = current.offsetLeft
      if (start < list.scrollLeft || start + current.offsetWidth > list.scrollLeft + list.clientWidth) centre()
      return
    }
    // Whether the current tab is wholly in view is asked of an observer, which answers with the
    // browser's own layout: reading positions here forced the new page's whole layout into this
    // effect (a long task on a phone, when a project page opens).
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect()
        if (entry && entry.intersectionRatio < 1) centre()
      },
      { root: list, threshold: 1 },
    )
    observer.observe(current)
    return () => observer.disconnect()
  }, [pathname])
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul ref={listRef} className={styles.list}>
        {children}
      </ul>
    </nav>
  )
}
