// The legal notice, the privacy policy and the cookie policy: one template, the texts in
// content/legal.ts, each with a breadcrumb, the date of its last change and links to the others.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import { siteConfig } from '@/config/site'
import { legalSlugs, type LegalSlug } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import { writtenDate } from '@/features/site/calendar-date'
import { legalDocuments } from './content/legal'
import { legalPages } from './content/site-index'
import { BreadcrumbData } from '@/features/site/structured-data-block'

import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

export function LegalPage({ slug }: { slug: LegalSlug }) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const _ = i18n._.bind(i18n)
  const document = legalDocuments[slug]
  const updated = writtenDate(i18n, siteConfig.legalUpdated)

  return (
    <article className={layout.section}>
      <BreadcrumbData trail={[{ name: document.title, path: `/legal/${slug}` }]} />
      <div className={layout.container}>
        <div className={styles.prose}>
          <nav aria-label={_(msg`Breadcrumb`)} className={styles.breadcrumb}>
            <Link to="/{-$lang}" params={{ lang }} activeOptions={{ exact: true }}>
              <Trans>Home</Trans>
            </Link>{' '}
            <span aria-hidden="true">/</span> <span>{_(document.title)}</span>
          </nav>
          <h1>{_(document.title)}</h1>
          <p className={styles.note}>
            <Trans>Last updated: {updated}</Trans>
          </p>
          <p className={layout.lead}>{_(document.intro)}</p>
          {document.sections.map((section) => (
            <section key={section.title.id} aria-labelledby={`legal-${section.title.id}`}>
              <h2 id={`legal-${section.title.id}`}>{_(section.title)}</h2>
              {section.facts ? (
                <dl className={styles.facts}>
                  {section.facts.map((fact) => (
                    <div key={fact.term.id}>
                      <dt>{_(fact.term)}</dt>
                      <dd>{fact.detail}</dd>
                    </div>
                  ))}
                </dl>
              ) : null}
              {section.paragraphs.map((paragraph) => (
                <p key={paragraph.id}>{_(paragraph)}</p>
              ))}
            </section>
          ))}
          <nav aria-label={_(msg`Legal information`)} className={styles.legalLinks}>
            <ul>
              {legalSlugs
                .filter((other) => other !== slug)
                .map((other) => (
                  <li key={other}>
                    <Link to="/{-$lang}/legal/$document" params={{ lang, document: other }}>
                      {_(legalPages[other].title)}
                    </Link>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
      </div>
    </article>
  )
}
