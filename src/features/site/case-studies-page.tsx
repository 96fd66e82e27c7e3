// The case studies' list (/case-studies): one card per case with the client's sector, a summary
// and its headline result, linking to the case's page; then a call to contact.
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { caseStudySlugs } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import type { Locale } from '@/lib/locale'
import { collectionPage } from '@/features/site/structured-data'
import { BreadcrumbData, StructuredData } from '@/features/site/structured-data-block'
import { caseStudies, caseStudiesPage as page } from './content/case-studies'
import { caseStudiesMeta } from './content/site-index'
import { CallToAction } from './call-to-action'
import { PageHero } from './page-frame'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'
import * as cases from './case-studies.css'

export function CaseStudiesPage() {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const _ = i18n._.bind(i18n)
  const locale = i18n.locale as Locale

  return (
    <article>
      <BreadcrumbData trail={[{ name: page.eyebrow, path: '/case-studies' }]} />
      <StructuredData
        data={collectionPage(
          i18n,
          locale,
          caseStudiesMeta,
          '/case-studies',
          caseStudySlugs.map((slug) => ({ name: caseStudies[slug].title, path: `/case-studies/${slug}` })),
        )}
      />
      <PageHero
        trail={<span aria-current="page">{_(page.eyebrow)}</span>}
        eyebrow={_(page.eyebrow)}
        title={_(page.heroTitle)}
        lead={_(page.heroLead)}
      />

      <section className={layout.section} aria-labelledby="case-studies-list">
        <div className={layout.container}>
          <h2 id="case-studies-list">{_(page.listTitle)}</h2>
          <ul className={styles.gridThree}>
            {caseStudySlugs.map((caseStudy) => {
              const content = caseStudies[caseStudy]
              const [headline] = content.results
              return (
                <li key={caseStudy} className={`${styles.card} ${cases.caseCard}`}>
                  <p className={cases.sector}>{_(content.sector)}</p>
                  <h3 className={cases.caseCardTitle}>
                    <Link
                      to="/{-$lang}/case-studies/$caseStudy"
                      params={{ lang, caseStudy }}
                      className={styles.cardLink}
                    >
                      {_(content.title)}
                    </Link>
                  </h3>
                  <p className={styles.cardText}>{_(content.summary)}</p>
                  {headline ? (
                    <p className={cases.headline}>
                      <strong className={cases.headlineValue}>{_(headline.value)}</strong> {_(headline.label)}
                    </p>
                  ) : null}
                </li>
              )
            })}
          </ul>
          <p className={styles.note}>{_(page.note)}</p>
        </div>
      </section>

      <CallToAction title={_(page.ctaTitle)} text={_(page.ctaText)} />
    </article>
  )
}
