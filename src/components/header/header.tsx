// The fixed site header: home link, the two dropdowns, the portal entry, the language
// switch, the contact call-to-action and, on small screens, the mobile menu.
import { useEffect, useMemo } from 'react'
import { Link, useRouterState } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '../../config/site'
import { useLangPrefix } from '../../lib/use-lang'
import { LangToggle } from '../lang-toggle/lang-toggle'
import { NavMenu } from '../nav-menu/nav-menu'
import { MenuGroup } from '../nav-menu/menu-group'
import { MobileNav } from './mobile-nav'
import { Logo } from './logo'
import { footerSectionIds } from '../footer/footer'
import { useNavItems } from './nav-items'
import { PortalLink } from './portal-link'
import * as layout from '../ui/layout.css'
import * as styles from './header.css'
import { CaseStudiesLink } from './case-studies-link'

/** The bar's two menus of offerings: each lists its pages, and is current on any of them. */
const offeringMenus = [
  { id: 'services', label: msg`Services` },
  { id: 'specializations', label: msg`Specializations` },
] as const

export function Header() {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const items = useNavItems()
  const group = useMemo(() => new MenuGroup(), [])
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  // Any navigation closes every menu, whichever link caused it.
  useEffect(() => group.closeAll(), [group, pathname])

  return (
    <header className={styles.header}>
      <div className={`${layout.container} ${styles.bar}`}>
        <Link to="/{-$lang}" params={{ lang }} className={styles.brand} activeOptions={{ exact: true }}>
          <Logo className={styles.logo} />
          <span>{siteConfig.name}</span>
        </Link>
        <nav className={styles.desktopNav} aria-label={i18n._(msg`Main`)}>
          <ul className={styles.navList}>
            {offeringMenus.map(({ id, label }) => (
              <li key={id}>
                <NavMenu
                  id={id}
                  label={i18n._(label)}
                  items={items[id]}
                  group={group}
                  current={pathname.includes(`/${id}/`)}
                  fallbackHref={`#${footerSectionIds[id]}`}
                />
              </li>
            ))}
            <li className={styles.wideOnly}>
              <CaseStudiesLink className={styles.navLink} />
            </li>
            <li>
              <PortalLink className={styles.navLink} />
            </li>
          </ul>
        </nav>
        <div className={styles.actions}>
          <LangToggle />
          <Link to="/{-$lang}/contact" params={{ lang }} className={`${layout.buttonPrimary} ${styles.cta}`}>
            <Trans>Contact us</Trans>
          </Link>
          <MobileNav items={items} pathname={pathname} />
        </div>
      </div>
    </header>
  )
}
