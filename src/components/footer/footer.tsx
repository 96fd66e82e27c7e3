// The site footer: service, specialization, case study and contact links, the e-mail, the copyright line,
// the sister product and the discreet way into the staff area.
import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '../../config/site'
import { mailtoHref } from '../../lib/email-address'
import { useLangPrefix } from '../../lib/use-lang'
import { useNavItems } from '../header/nav-items'
import { PortalLink } from '../header/portal-link'
import type { NavMenuItem } from '../nav-menu/nav-menu'
import * as layout from '../ui/layout.css'
import * as styles from './footer.css'
import { CaseStudiesLink } from '../header/case-studies-link'

function LinkColumn({ id, title, items }: { id: string; title: string; items: NavMenuItem[] }) {
  return (
    <nav id={id} aria-label={title}>
      <p className={styles.heading}>{title}</p>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.key}>
            <Link {...item.link} className={styles.link}>
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

/**
 * Where the header's menus lead before the page's script runs (or without JavaScript): the
 * footer's lists of the same links.
 */
export const footerSectionIds = { services: 'site-services', specializations: 'site-specializations' } as const

export function Footer() {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const items = useNavItems()
  const year = new Date().getFullYear()
  const sister = siteConfig.sisterProduct
  const newTabHintId = useId()

  return (
    <footer className={styles.footer}>
      <div className={layout.container}>
        <div className={styles.columns}>
          <div>
            <p className={styles.heading}>{siteConfig.name}</p>
            <p className={styles.brandText}>
              <Trans>Data consultancy for mid-sized companies in Spain and Latin America.</Trans>
            </p>
            <a className={styles.link} href={mailtoHref(siteConfig.email)}>
              {siteConfig.email}
            </a>
          </div>
          <LinkColumn id={footerSectionIds.services} title={i18n._(msg`Services`)} items={items.services} />
          <LinkColumn
            id={footerSectionIds.specializations}
            title={i18n._(msg`Specializations`)}
            items={items.specializations}
          />
          <nav aria-label={i18n._(msg`Company`)}>
            <p className={styles.heading}>
              <Trans>Company</Trans>
            </p>
            <ul className={styles.list}>
              <li>
                <CaseStudiesLink className={styles.link} />
              </li>
              <li>
                <Link to="/{-$lang}/contact" params={{ lang }} className={styles.link}>
                  <Trans>Contact</Trans>
                </Link>
              </li>
              <li>
                <PortalLink className={styles.link} />
              </li>
            </ul>
          </nav>
        </div>
        <div className={styles.bottom}>
          <nav aria-label={i18n._(msg`Legal information`)}>
            <ul className={styles.legalList}>
              <li>
                <Link to="/{-$lang}/legal/$document" params={{ lang, document: 'notice' }} className={styles.link}>
                  <Trans>Legal notice</Trans>
                </Link>
              </li>
              <li>
                <Link to="/{-$lang}/legal/$document" params={{ lang, document: 'privacy' }} className={styles.link}>
                  <Trans>Privacy policy</Trans>
                </Link>
              </li>
              <li>
                <Link to="/{-$lang}/legal/$document" params={{ lang, document: 'cookies' }} className={styles.link}>
                  <Trans>Cookie policy</Trans>
                </Link>
              </li>
            </ul>
          </nav>
          <p className={styles.bottomText}>
            <Trans>
              © {year} {siteConfig.name}. All rights reserved.
            </Trans>
          </p>
          <p className={styles.bottomText}>
            <Trans>
              Part of the {siteConfig.name} ecosystem:{' '}
              <a
                className={styles.link}
                href={sister.url}
                target="_blank"
                rel="noopener"
                aria-describedby={newTabHintId}
              >
                {sister.name}
              </a>
            </Trans>{' '}
            <span id={newTabHintId} className={layout.visuallyHidden}>
              <Trans>(opens in a new tab)</Trans>
            </span>
          </p>
          <Link
            className={styles.adminDot}
            to="/{-$lang}/admin"
            params={{ lang }}
            title={i18n._(msg`Admin`)}
            aria-label={i18n._(msg`Admin`)}
          />
        </div>
      </div>
    </footer>
  )
}
