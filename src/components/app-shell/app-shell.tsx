// The application frame shared by the client portal and the admin area (decision 0013): the
// firm's logo and the area's name, the area's sections (a side bar on wide screens; on phones a
// compact bar whose menu holds every section, the language, the person and sign-out), the
// notifications bell with its count, and the page, with skeletons while it loads.
// Areas describe themselves as data (sections, counts); the shell owns layout and behaviour.
import { Suspense, useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react'
import { Link, useNavigate, useRouterState, type LinkProps } from '@tanstack/react-router'
import { useActorRef, useSelector } from '@xstate/react'
import { Trans, useLingui } from '@lingui/react/macro'
import { disclosureMachine } from '@machines/disclosure.machine'
import { auth } from '@/lib/auth/service'
import { useProfile } from '@/lib/auth/use-auth'
import { getInspector } from '@/lib/inspector'
import { useLangPrefix } from '@/lib/use-lang'
import { siteConfig } from '@/config/site'
import { Logo } from '@/components/header/logo'
import { LangToggle } from '@/components/lang-toggle/lang-toggle'
import { NavMenu, type NavMenuItem } from '@/components/nav-menu/nav-menu'
import { MenuGroup } from '@/components/nav-menu/menu-group'
import { SectionSkeleton } from '@/components/ui/page-kit'
import { FormAlert } from '@/components/form/form-alert'
import { useFocusWhenShown } from '@/lib/use-focus-when-shown'
import { useFocusMainOnNavigation } from '@/lib/use-focus-main-on-navigation'
import { takeArrivalNotice } from './arrival-notice'
import * as styles from './app-shell.css'

type Target = Pick<LinkProps, 'to' | 'params'>

/**
 * One entry of the area's navigation. `count` shows as a badge when above 0, in words that say
 * what it counts ("3 unread messages"): seen, and read out as part of the link's name.
 */
export interface ShellSection {
  key: string
  label: string
  link: Target
  /** Only the exact path marks it current (the area's overview). */
  exact?: boolean
  count?: { value: number; label: string }
}

export interface AppShellProps {
  /** The area's name: the bar's title and the navigation's accessible name. */
  areaName: string
  /** Whose area it is: signing out lands on its sign-in page, which says the session ended. */
  audience: 'client' | 'staff'
  home: Target
  account: Target
  sections: ShellSection[]
  /** The bell: where notifications are read, and how many are unread. */
  notifications?: { link: Target; count: number }
  /** A line under the area's name in the navigation (the client's organization). */
  context?: ReactNode
  /** Shown above every page of the area (the admin area's two-step verification reminder). */
  banner?: ReactNode
  /** The live connection is lost (it recovers by itself): said above the page until it is back. */
  connectionLost?: boolean
  /** Above the whole frame, on every page: a staff member's preview of the portal (0022). */
  preview?: ReactNode
  /** Replaces "Sign out" (a preview is left, not signed out of). */
  exit?: { label: string; action: () => void }
  children: ReactNode
}

export function AppShell({
  areaName,
  audience,
  home,
  account,
  sections,
  notifications,
  context,
  banner,
  connectionLost = false,
  preview,
  exit,
  children,
}: AppShellProps) {
  const { t } = useLingui()
  const lang = useLangPrefix()
  const navigate = useNavigate()
  const profile = useProfile()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const menu = useDisclosure(pathname)
  const mainRef = useFocusMainOnNavigation()
  const arrival = useArrivalNotice(pathname)
  const group = useMemo(() => new MenuGroup(), [])
  useEffect(() => group.closeAll(), [group, pathname])

  const signOut =
    exit?.action ??
    (() =>
      void auth.signOut().then(() =>
        navigate({
          to: audience === 'client' ? '/{-$lang}/client-portal/login' : '/{-$lang}/admin/login',
          params: { lang },
          search: { notice: 'signed-out' },
          replace: true,
        }),
      ))
  const signOutLabel = exit?.label ?? t`Sign out`
  const name = profile.full_name || profile.email || t`Account`
  const accountItems: NavMenuItem[] = [
    { key: 'home', label: areaName, link: home },
    { key: 'account', label: t`Account`, link: account },
    { key: 'sign-out', label: signOutLabel, action: signOut },
  ]

  const frame = (
    <div className={styles.shell}>
      <a className={styles.skipLink} href="#main">
        <Trans>Skip to content</Trans>
      </a>
      <header className={styles.bar}>
        <Link {...home} className={styles.brand}>
          <Logo className={styles.logo} />
          <span className={styles.brandText}>
            <span className={styles.firm}>{siteConfig.name}</span>
            <span className={styles.areaName}>{areaName}</span>
          </span>
        </Link>
        <span className={styles.spacer} />
        <div className={styles.wideOnly}>
          <LangToggle />
        </div>
        {notifications && <NotificationsBell {...notifications} />}
        <div className={styles.wideOnly}>
          <NavMenu
            id="account"
            label={t`Account menu for ${name}`}
            triggerContent={name}
            items={accountItems}
            group={group}
          />
        </div>
        <button
          ref={menu.toggleRef}
          type="button"
          className={`${styles.iconButton} ${styles.phoneOnly}`}
          aria-expanded={menu.open}
          aria-controls={menu.panelId}
          aria-label={t`Menu`}
          onClick={menu.toggle}
        >
          <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            {menu.open ? (
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            ) : (
              <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            )}
          </svg>
        </button>
      </header>
      <nav id={menu.panelId} className={styles.nav} data-open={menu.open} aria-label={areaName}>
        {context && <p className={styles.organization}>{context}</p>}
        <ul className={styles.navList}>
          {sections.map((section) => {
            const count = section.count && section.count.value > 0 ? section.count.label : null
            return (
              <li key={section.key}>
                <Link
                  {...section.link}
                  className={styles.navLink}
                  activeOptions={{ exact: section.exact ?? false }}
                  onClick={menu.close}
                  // the name as it reads: "Projects, 3 unread messages" (no run-together text)
                  aria-label={count ? `${section.label}, ${count}` : undefined}
                >
                  <span>{section.label}</span>
                  {count && <span className={styles.badge}>{count}</span>}
                </Link>
              </li>
            )
          })}
        </ul>
        <div className={`${styles.account} ${styles.phoneOnly}`}>
          <p className={styles.person}>
            <span>{name}</span>
            {profile.email && profile.email !== name && <span className={styles.personEmail}>{profile.email}</span>}
          </p>
          <LangToggle />
          <button type="button" className={styles.signOut} onClick={signOut}>
            {signOutLabel}
          </button>
        </div>
      </nav>
      <main id="main" ref={mainRef} tabIndex={-1} className={styles.main}>
        <div className={styles.content}>
          {banner}
          {arrival.text && (
            <FormAlert ref={arrival.ref} tone="info">
              {arrival.text}
            </FormAlert>
          )}
          {connectionLost && (
            // An alert (not a standing live region, which pages' own status messages would share
            // the page with): it appears only while the connection is lost.
            <p role="alert" className={styles.connectionLost}>
              <Trans>Connection lost: updates are paused. Reconnecting…</Trans>
            </p>
          )}
          <Suspense fallback={<SectionSkeleton lines={6} block />}>{children}</Suspense>
        </div>
      </main>
    </div>
  )
  if (!preview) return frame
  return (
    <>
      {preview}
      {frame}
    </>
  )
}

function NotificationsBell({ link, count }: { link: Target; count: number }) {
  const { t } = useLingui()
  const label = count > 0 ? t`Notifications, ${count} unread` : t`Notifications`
  return (
    <Link {...link} className={styles.iconButton} aria-label={label} title={label}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
        <path
          d="M6 16V11a6 6 0 1 1 12 0v5l2 2H4l2-2zM10 20a2 2 0 0 0 4 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 && (
        <span className={styles.countBadge} aria-hidden="true">
          {count > 99 ? '99+' : count}
        </span>
      )}
    </Link>
  )
}

/** The phone menu: the disclosure machine (as the public site's mobile menu), closed by navigation and Escape. */
function useDisclosure(pathname: string) {
  const toggleRef = useRef<HTMLButtonElement>(null)
  const panelId = useId()
  const actor = useActorRef(disclosureMachine.provide({ actions: { focusToggle: () => toggleRef.current?.focus() } }), {
    inspect: getInspector(),
  })
  const open = useSelector(actor, (snapshot) => snapshot.hasTag('open'))
  useEffect(() => actor.send({ type: 'disclosure.close' }), [actor, pathname])
  useEffect(() => {
    if (!open) return
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') actor.send({ type: 'disclosure.escape' })
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [open, actor])
  return {
    open,
    panelId,
    toggleRef,
    toggle: () => actor.send({ type: 'disclosure.toggle' }),
    // Choosing any link closes the menu, even the current page's (no path change to close it).
    close: () => actor.send({ type: 'disclosure.close' }),
  }
}

/**
 * The message an earlier page left for this one (arrival-notice.ts), shown and focused on the
 * first page only: the next navigation inside the area removes it.
 */
function useArrivalNotice(pathname: string) {
  const { i18n } = useLingui()
  const [notice, setNotice] = useState<{ message: NonNullable<ReturnType<typeof takeArrivalNotice>>; at: string }>()
  useEffect(() => {
    // Taken in an effect, once: a render may run twice, the message must not be lost.
    const message = takeArrivalNotice()
    if (message) setNotice({ message, at: pathname })
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on arrival only
  }, [])
  const text = notice && notice.at === pathname ? i18n._(notice.message) : null
  return { text, ref: useFocusWhenShown(text) }
}
