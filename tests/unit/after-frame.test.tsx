// An area's first page renders after its frame, as a deferred update (AfterFrame in
// app-shell-pending.tsx, issue 24): the synchronous render that lets the person in keeps the
// skeletons and renders none of the page; the page then comes in a render that yields to the
// browser between components, so no single task holds the main thread for the whole page; once
// shown, later updates render at once.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushSync } from 'react-dom'
import { createRoot, type Root } from 'react-dom/client'
import { AfterFrame } from '../../src/components/app-shell/app-shell-pending'

const reactGlobal = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }
let actEnvironment: boolean | undefined
let root: Root
let container: HTMLElement

beforeEach(() => {
  // The browser's scheduling, not act()'s: act() would flush the deferred render synchronously.
  actEnvironment = reactGlobal.IS_REACT_ACT_ENVIRONMENT
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = false
  container = document.createElement('div')
  document.body.append(container)
  root = createRoot(container)
})

afterEach(() => {
  root.unmount()
  container.remove()
  reactGlobal.IS_REACT_ACT_ENVIRONMENT = actEnvironment
})

const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

async function until(condition: () => boolean) {
  for (let tries = 0; tries < 500 && !condition(); tries++) await nextTask()
  expect(condition()).toBe(true)
}

/** Renders like a component with real work to do: busy for `ms` each time. */
function Busy({ index, ms, rendered }: { index: number; ms: number; rendered: number[] }) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // the work a component's render does
  }
  rendered.push(index)
  return <li>item {index}</li>
}

describe('AfterFrame', () => {
  it('keeps the skeletons in the synchronous render and shows the page in a later one', async () => {
    const rendered: number[] = []
    flushSync(() =>
      root.render(
        <AfterFrame pending={<p>skeletons</p>}>
          <ul>
            <Busy index={0} ms={0} rendered={rendered} />
          </ul>
        </AfterFrame>,
      ),
    )
    expect(container.textContent).toBe('skeletons')
    expect(rendered).toEqual([])

    await until(() => container.textContent === 'item 0')
    expect(rendered).toEqual([0])
  })

  it('renders the page in slices: other tasks run between its components', async () => {
    const rendered: number[] = []
    const items = Array.from({ length: 40 }, (_, index) => index)
    flushSync(() =>
      root.render(
        <AfterFrame pending={<p>skeletons</p>}>
          <ul>
            {items.map((index) => (
              <Busy key={index} index={index} ms={2} rendered={rendered} />
            ))}
          </ul>
        </AfterFrame>,
      ),
    )
    // A task queued now (as the browser's input or paint would be) runs while the page renders,
    // not after it: 40 components of 2 ms each are not one 80 ms task.
    let renderedWhenTheTaskRan = -1
    setTimeout(() => (renderedWhenTheTaskRan = rendered.length), 0)
    await until(() => container.querySelectorAll('li').length === items.length)
    expect(renderedWhenTheTaskRan).toBeGreaterThanOrEqual(0)
    expect(renderedWhenTheTaskRan).toBeLessThan(items.length)
  })

  it('renders later updates at once, once the page is shown', async () => {
    const rendered: number[] = []
    const page = (index: number) => (
      <AfterFrame pending={<p>skeletons</p>}>
        <ul>
          <Busy index={index} ms={0} rendered={rendered} />
        </ul>
      </AfterFrame>
    )
    flushSync(() => root.render(page(1)))
    await until(() => container.textContent === 'item 1')

    flushSync(() => root.render(page(2)))
    expect(container.textContent).toBe('item 2')
  })
})
