// The frame of every table (DataTable puts each one in it). It is a bordered box; when the table is
// wider than the box the box scrolls sideways, a shadow marks each edge that hides columns, and a
// line of text says that more columns lie to the side, only then (the box is a tab stop only then
// too). The frame is a size container, so a table laid out as cards shows cards in a narrow frame.
import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react'
import { Trans } from '@lingui/react/macro'
import * as styles from './table-scroll.css'

interface Overflow {
  /** The table is wider than its box. */
  wide: boolean
  /** Columns hidden before the visible part (the box was scrolled). */
  start: boolean
  /** Columns hidden after the visible part. */
  end: boolean
}

const none: Overflow = { wide: false, start: false, end: false }

/** Follows the box's scroll position and both sizes (the box's and the table's). */
function useOverflow() {
  const ref = useRef<HTMLDivElement>(null)
  const [overflow, setOverflow] = useState<Overflow>(none)

  const measure = useCallback(() => {
    const box = ref.current
    if (!box) return
    const hidden = box.scrollWidth - box.clientWidth
    // one pixel of slack: sub-pixel widths round either way
    const next = hidden > 1 ? { wide: true, start: box.scrollLeft > 1, end: box.scrollLeft < hidden - 1 } : none
    setOverflow((previous) =>
      previous.wide === next.wide && previous.start === next.start && previous.end === next.end ? previous : next,
    )
  }, [])

  useEffect(() => {
    const box = ref.current
    if (!box) return
    // No measure here: reading the sizes now would lay the whole page out inside this effect (a
    // page of tables took 25-35 ms, issue 24). The observer reports both boxes once they are laid
    // out anyway, in the browser's own rendering step, where reading them costs nothing.
    const observer = new ResizeObserver(measure)
    observer.observe(box)
    if (box.firstElementChild) observer.observe(box.firstElementChild)
    box.addEventListener('scroll', measure, { passive: true })
    return () => {
      observer.disconnect()
      box.removeEventListener('scroll', measure)
    }
  }, [measure])

  return { ref, overflow }
}

interface TableScrollProps {
  /** The id of the heading or caption that names the table (the region's accessible name). */
  labelledBy?: string
  /** The region's accessible name, when no visible heading names it. */
  label?: string
  /** The frame's id (for a button's aria-controls when `hidden` toggles it). */
  id?: string
  hidden?: boolean
  /** A class for the scrolling box (the cards layout drops its border). */
  regionClassName?: string
  children: ReactNode
}

/** A scrolling, keyboard-reachable region around a table, with a visible cue when it is wider than the screen. */
export function TableScroll({ labelledBy, label, id, hidden, regionClassName, children }: TableScrollProps) {
  const hintId = useId()
  const { ref, overflow } = useOverflow()
  return (
    <div id={id} className={styles.frame} hidden={hidden} data-table-scroll="" data-wide={overflow.wide}>
      {overflow.wide && (
        <p id={hintId} className={styles.hint}>
          <Trans>Scroll sideways to see every column.</Trans>
        </p>
      )}
      <div className={styles.edges} data-more-start={overflow.start} data-more-end={overflow.end}>
        <div
          ref={ref}
          className={regionClassName ? `${styles.region} ${regionClassName}` : styles.region}
          // focusable while it scrolls, so a keyboard can scroll it with the arrow keys; a tab stop
          // with nothing to scroll would only be in the way
          tabIndex={overflow.wide ? 0 : undefined}
          role="region"
          aria-labelledby={labelledBy}
          aria-label={labelledBy ? undefined : label}
          aria-describedby={overflow.wide ? hintId : undefined}
        >
          {children}
        </div>
      </div>
    </div>
  )
}
