// A header dropdown (menu button pattern) driven by machines/menu.machine.ts. The machine owns
// the behaviour and machines/menu.connect.ts its props and keys; this component renders them and
// does what needs the DOM (focus, clicks outside).
import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { Link, type LinkProps } from '@tanstack/react-router'
import { connect, itemKeyEvent, triggerKeyEvent } from '@machines/menu.connect'
import { useHydrated } from '@/lib/hydration'
import { useLazyActor } from '@/lib/lazy-actor'
import type { MenuActor } from './menu-actor'
import type { MenuGroup } from './menu-group'
import * as styles from './nav-menu.css'

export interface NavMenuItem {
  key: string
  label: string
  summary?: string
  /** A page to go to… */
  link?: Pick<LinkProps, 'to' | 'params'>
  /** …or, instead, something to do (sign out). */
  action?: () => void
}

interface NavMenuProps {
  id: string
  label: string
  /** The trigger's text when it should differ from the menu's accessible name. */
  triggerContent?: ReactNode
  items: NavMenuItem[]
  group: MenuGroup
  /** True when the current page is one of the items. */
  current?: boolean
  /**
   * Where the trigger leads before the page's script runs (prerendered pages, JavaScript off):
   * a section of the page holding the same links.
   */
  fallbackHref?: string
}

const chevron = (
  <svg className={styles.chevron} viewBox="0 0 12 12" aria-hidden="true" focusable="false">
    <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="2" />
  </svg>
)

export function NavMenu({ id, label, triggerContent, items, group, current = false, fallbackHref }: NavMenuProps) {
  const hydrated = useHydrated()
  const triggerRef = useRef<HTMLButtonElement>(null)
  const rootRef = useRef<HTMLDivElement>(null)
  const itemRefs = useRef<(HTMLElement | null)[]>([])
  const labels = items.map((item) => item.label)
  // The machine loads on first use (a pointer over the trigger, focus, a click or key).
  const { actor, snapshot, send, withActor, prepare } = useLazyActor(
    async () => {
      const { createMenuActor } = await import('./menu-actor')
      return createMenuActor({ itemCount: items.length, focusTrigger: () => triggerRef.current?.focus() })
    },
    (started) => group.register(id, started),
  )
  /** A key pressed on the trigger before the machine ran, given to it where it would have landed. */
  const replayTriggerKey = (running: MenuActor, key: string) => {
    const state = running.getSnapshot()
    const index = state.context.highlightedIndex
    if (state.hasTag('open') && index !== null) {
      // An earlier key opened the menu, so focus would be on an item: this key reaches it.
      if (key === 'Enter') itemRefs.current[index]?.click()
      else {
        const event = itemKeyEvent({ key, preventDefault: () => undefined }, index, labels)
        if (event) running.send(event)
      }
    } else {
      const event = triggerKeyEvent(key, state.hasTag('open'))
      if (event) running.send(event)
    }
  }
  const listId = useId()
  const api = connect(snapshot, send, { contentId: listId, labels })
  const { open, highlightedIndex } = api
  const triggerProps = actor
    ? api.triggerProps
    : {
        ...api.triggerProps,
        onKeyDown: (event: KeyboardEvent<HTMLButtonElement>) => {
          if (!triggerKeyEvent(event.key, false)) return
          event.preventDefault()
          const { key } = event
          withActor((running) => replayTriggerKey(running, key))
        },
      }

  useEffect(() => actor?.send({ type: 'menu.setItemCount', count: items.length }), [actor, items.length])

  // Keyboard highlight moves real focus, after React has shown the list.
  useEffect(() => {
    if (open && highlightedIndex !== null) itemRefs.current[highlightedIndex]?.focus()
  }, [open, highlightedIndex])

  // A click or tap anywhere outside closes the menu.
  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: globalThis.PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) send({ type: 'menu.close' })
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open, send])

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onFocus={prepare}
      onPointerOver={prepare}
      onTouchStart={prepare}
      onBlur={(event) => {
        // Nothing to close before the machine has loaded.
        if (actor && !rootRef.current?.contains(event.relatedTarget as Node | null)) send({ type: 'menu.close' })
      }}
    >
      {/* The link carries the button's chevron too: the header keeps its width when the page hydrates. */}
      {fallbackHref && !hydrated ? (
        <a href={fallbackHref} className={styles.trigger} data-current={current}>
          {triggerContent ?? label}
          {chevron}
        </a>
      ) : (
        <button ref={triggerRef} className={styles.trigger} data-current={current} {...triggerProps}>
          {triggerContent ?? label}
          {chevron}
        </button>
      )}
      <ul {...api.contentProps} aria-label={label} className={styles.list}>
        {items.map((item, index) => {
          const common = {
            ref: (element: HTMLElement | null) => {
              itemRefs.current[index] = element
            },
            role: api.itemProps.role,
            tabIndex: api.itemProps.tabIndex,
            onKeyDown: api.itemProps.onKeyDown,
            className: styles.item,
          } as const
          const content = (
            <>
              {item.label}
              {item.summary ? <span className={styles.itemSummary}>{item.summary}</span> : null}
            </>
          )
          return (
            <li key={item.key} role="none">
              {item.link ? (
                <Link
                  {...item.link}
                  {...common}
                  activeProps={{ 'aria-current': 'page' }}
                  onClick={api.itemProps.onClick}
                >
                  {content}
                </Link>
              ) : (
                <button
                  type="button"
                  {...common}
                  onClick={() => {
                    api.itemProps.onClick()
                    item.action?.()
                  }}
                >
                  {content}
                </button>
              )}
            </li>
          )
        })}
      </ul>
    </div>
  )
}
