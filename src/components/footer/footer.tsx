// The site footer: service, specialization and contact links, the e-mail, the copyright line,
// the sister product and the discreet way into the staff area.
import { useId } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { siteConfig, mailtoHref } from '../../config/site'
import { useLangPrefix } from '../../lib/use-lang'
import { useNavItems } from '../header/nav-items'
import type { NavMenuItem } from '../nav-menu/nav-menu'
import * as layout from '../ui/layout.css'
import * as styles from './footer.css'

function LinkColumn({ title, items }: { title: string; items: NavMenuItem[] }) {
  return (
    <nav aria-label={title}>
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
            <a className={styles.link} href={mailtoHref()}>
              {siteConfig.email}
            </a>
          </div>
          <LinkColumn title={i18n._(msg`Services`)} items={items.services} />
          <LinkColumn title={i18n._(msg`Specializations`)} items={items.specializations} />
          <nav aria-label={i18n._(msg`Company`)}>
            <p className={styles.heading}>
              <Trans>Company</Trans>
            </p>
            <ul className={styles.list}>
              <li>
                <Link to="/{-$lang}/contact" params={{ lang }} className={styles.link}>
                  <Trans>Contact</Trans>
                </Link>
              </li>
              <li>
                <Link className={styles.link} to="/{-$lang}/client-portal/login" params={{ lang }}>
                  <Trans>Client portal</Trans>
                </Link>
              </li>
            </ul>
          </nav>
        </div>
        <div className={styles.bottom}>
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
