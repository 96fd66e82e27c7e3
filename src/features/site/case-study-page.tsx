// One case study (/case-studies/<slug>): the client and its sector, the problem, what was built,
// the results measured, the services and specializations involved (linked), and a call to contact.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import type { CaseStudySlug } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import type { Locale } from '@/lib/locale'
import { breadcrumbList, caseStudyArticle, type AboutPage } from '@/lib/structured-data'
import { StructuredData } from '@/components/structured-data/structured-data'
import { caseStudies, caseStudiesPage } from './content/case-studies'
import { caseStudyLinks } from './content/case-study-cards'
import { serviceCards, specializationCards } from './content/site-index'
import { CallToAction } from './call-to-action'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'
import * as cases from './case-studies.css'

export function CaseStudyPage({ slug }: { slug: CaseStudySlug }) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const _ = i18n._.bind(i18n)
  const locale = i18n.locale as Locale
  const content = caseStudies[slug]
  const links = caseStudyLinks[slug]
  const path = `/case-studies/${slug}`
  const about: AboutPage[] = [
    ...links.services.map((service) => ({
      name: serviceCards[service].name,
      path: `/services/${service}`,
      type: 'Service' as const,
    })),
    ...links.specializations.map((specialization) => ({
      name: specializationCards[specialization].name,
      path: `/specializations/${specialization}`,
      type: 'Thing' as const,
    })),
  ]

  return (
    <article>
      <StructuredData
        data={breadcrumbList(i18n, [
          { name: msg`Home`, path: '/' },
          { name: caseStudiesPage.eyebrow, path: '/case-studies' },
          { name: content.title, path },
        ])}
      />
      <StructuredData data={caseStudyArticle(i18n, locale, content, path, about)} />
      <header className={styles.hero}>
        <div className={layout.container}>
          <nav aria-label={_(msg`Breadcrumb`)} className={styles.breadcrumb}>
            <Link to="/{-$lang}" params={{ lang }} activeOptions={{ exact: true }}>
              <Trans>Home</Trans>
            </Link>{' '}
            <span aria-hidden="true">/</span>{' '}
            <Link to="/{-$lang}/case-studies" params={{ lang }} activeOptions={{ exact: true }}>
              {_(caseStudiesPage.eyebrow)}
            </Link>
          </nav>
          <p className={layout.eyebrow}>{_(content.sector)}</p>
          <h1 className={styles.heroTitle}>{_(content.heroTitle)}</h1>
          <p className={layout.lead}>{_(content.heroLead)}</p>
        </div>
      </header>

      <section className={layout.section} aria-labelledby="problem">
        <div className={layout.container}>
          <div className={styles.prose}>
            <dl className={cases.client}>
              <dt className={cases.clientTerm}>
                <Trans>Client</Trans>
              </dt>
              <dd className={cases.clientDetail}>{_(content.client)}</dd>
              <dt className={cases.clientTerm}>
                <Trans>Sector</Trans>
              </dt>
              <dd className={cases.clientDetail}>{_(content.sector)}</dd>
            </dl>
            <h2 id="problem">
              <Trans>The problem</Trans>
            </h2>
            {content.problem.map((paragraph) => (
              <p key={paragraph.id}>{_(paragraph)}</p>
            ))}
          </div>
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="built">
        <div className={layout.container}>
          <h2 id="built">
            <Trans>What we built</Trans>
          </h2>
          <ul className={styles.grid}>
            {content.built.map((item) => (
              <li key={item.title.id} className={styles.card}>
                <h3 className={styles.deliverableTitle}>{_(item.title)}</h3>
                <p className={styles.cardText}>{_(item.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="results">
        <div className={layout.container}>
          <h2 id="results">
            <Trans>Measured results</Trans>
          </h2>
          <dl className={styles.figures}>
            {content.results.map((figure) => (
              <div key={figure.label.id}>
                <dt className={styles.figureValue}>{_(figure.value)}</dt>
                <dd className={styles.figureLabel}>{_(figure.label)}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.note}>{_(content.resultsNote)}</p>
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="involved">
        <div className={layout.container}>
          <h2 id="involved">
            <Trans>Services and specializations involved</Trans>
          </h2>
          <ul className={cases.offeringLinks}>
            {links.services.map((service) => (
              <li key={service}>
                <Link to="/{-$lang}/services/$service" params={{ lang, service }} className={cases.offeringLink}>
                  {_(serviceCards[service].name)}
                </Link>
              </li>
            ))}
            {links.specializations.map((specialization) => (
              <li key={specialization}>
                <Link
                  to="/{-$lang}/specializations/$specialization"
                  params={{ lang, specialization }}
                  className={cases.offeringLink}
                >
                  {_(specializationCards[specialization].name)}
                </Link>
              </li>
            ))}
          </ul>
          <h3 className={cases.technologiesTitle}>
            <Trans>Technologies</Trans>
          </h3>
          <ul className={styles.tags}>
            {content.technologies.map((technology) => (
              <li key={technology} className={styles.tag}>
                {technology}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <CallToAction title={_(caseStudiesPage.ctaTitle)} text={_(caseStudiesPage.ctaText)} />
    </article>
  )
}
