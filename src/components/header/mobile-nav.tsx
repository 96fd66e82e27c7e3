// The small-screen menu: a disclosure (machines/disclosure.machine.ts) holding the same links
// as the header. Escape and navigation close it; Escape returns focus to its toggle.
import { useEffect, useId, useRef } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { useLazyActor } from '@/lib/lazy-actor'
import { useHydrated } from '@/lib/hydration'
import { footerSectionIds } from '../footer/footer'
import { useLangPrefix } from '@/lib/use-lang'
import type { NavMenuItem } from '../nav-menu/nav-menu'
import { PortalLink } from './portal-link'
import * as styles from './mobile-nav.css'
import { CaseStudiesLink } from './case-studies-link'

interface MobileNavProps {
  items: { services: NavMenuItem[]; specializations: NavMenuItem[] }
  pathname: string
}

export function MobileNav({ items, pathname }: MobileNavProps) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  // The machine loads on first use (a touch, focus or click on the toggle).
  const { actor, snapshot, send, prepare } = useLazyActor(async () => {
    const { createDisclosureActor } = await import('./disclosure-actor')
    return createDisclosureActor({ focusToggle: () => toggleRef.current?.focus() })
  })
  const open = snapshot?.hasTag('open') ?? false
  const hydrated = useHydrated()

  // Navigation closes the panel (not the actor's arrival, which may carry the click that opens it).
  const shownPath = useRef(pathname)
  useEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    actor?.send({ type: 'disclosure.close' })
  }, [actor, pathname])

  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') send({ type: 'disclosure.escape' })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, send])

  const close = () => actor?.send({ type: 'disclosure.close' })
  const groups = [
    { title: i18n._(msg`Services`), links: items.services },
    { title: i18n._(msg`Specializations`), links: items.specializations },
  ]

  // Before the page's script runs (or without JavaScript) the toggle leads to the footer's links.
  const toggle = hydrated ? (
    <button
      ref={toggleRef}
      type="button"
      className={styles.toggle}
      aria-expanded={open}
      aria-controls={panelId}
      aria-label={i18n._(msg`Menu`)}
      onFocus={prepare}
      onPointerOver={prepare}
      onTouchStart={prepare}
      onClick={() => send({ type: 'disclosure.toggle' })}
    >
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        {open ? (
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        ) : (
          <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        )}
      </svg>
    </button>
  ) : (
    <a href={`#${footerSectionIds.services}`} className={styles.toggle} aria-label={i18n._(msg`Menu`)}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </a>
  )

  return (
    <>
      {toggle}
      <nav id={panelId} className={styles.panel} hidden={!open} aria-label={i18n._(msg`Main`)}>
        {groups.map((group) => (
          <div key={group.title}>
            <p className={styles.groupTitle}>{group.title}</p>
            <ul className={styles.list}>
              {group.links.map((item) => (
                <li key={item.key}>
                  <Link {...item.link} className={styles.link} onClick={close}>
                    {item.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
        <ul className={styles.list}>
          <li>
            <CaseStudiesLink className={styles.link} onClick={close} />
          </li>
          <li>
            <PortalLink className={styles.link} onClick={close} />
          </li>
          <li>
            <Link to="/{-$lang}/contact" params={{ lang }} className={styles.link} onClick={close}>
              <Trans>Contact us</Trans>
            </Link>
          </li>
        </ul>
      </nav>
    </>
  )
}
