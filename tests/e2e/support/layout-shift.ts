// The layout shifts a page has had, as CLS adds them (not those right after the person's input),
// read without waiting on a clock. Chrome reports shifts to a PerformanceObserver some time after
// they happen, and nothing at all while nothing shifts, so "no report within 300 ms" was a guess.
// Instead a sentinel shifts on purpose: a box of its own, fixed over the page (nothing else moves),
// is moved once it has been painted. Entries are delivered in the order they happened, so once the
// sentinel's has arrived, every shift before it has too. Its own is left out, then and in later
// reads of the same page (the page keeps the times of its sentinels' frames; a shift of the page's
// own in that very frame is left out with it); removing it shifts nothing (an element that goes
// away is no shift).
import type { Page } from '@playwright/test'

export async function layoutShiftSoFar(page: Page): Promise<number> {
  return page.evaluate(async () => {
    type Shift = PerformanceEntry & { value: number; hadRecentInput: boolean }
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve))
    const sentinel = document.createElement('div')
    sentinel.setAttribute('aria-hidden', 'true')
    Object.assign(sentinel.style, {
      position: 'fixed',
      top: '0',
      left: '0',
      width: '100px',
      height: '100px',
      background: 'gray',
      zIndex: '2147483647',
    })
    document.body.append(sentinel)
    // Painted where it starts: a box that appears is not a shift.
    await frame()
    await frame()
    const page = window as unknown as { __sentinelShifts?: number[] }
    const earlierSentinels = (page.__sentinelShifts ??= [])
    let total = 0
    let sentinelSeen!: () => void
    const seen = new Promise<void>((resolve) => (sentinelSeen = resolve))
    const since = performance.now()
    const observer = new PerformanceObserver((list) => {
      for (const shift of list.getEntries() as Shift[]) {
        if (shift.startTime >= since) {
          earlierSentinels.push(shift.startTime)
          sentinelSeen()
        } else if (!shift.hadRecentInput && !earlierSentinels.includes(shift.startTime)) total += shift.value
      }
    })
    // buffered: the shifts from the page's start too, delivered before any later one.
    observer.observe({ type: 'layout-shift', buffered: true })
    sentinel.style.top = '200px'
    await seen
    observer.disconnect()
    sentinel.remove()
    return total
  })
}
