// One case study (/case-studies/<slug>): the client and its sector, the problem, what was built,
// the results measured, the services and specializations involved (linked), and a call to contact.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import type { CaseStudySlug } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import type { Locale } from '@/lib/locale'
import { caseStudyArticle, type AboutPage } from '@/features/site/structured-data'
import { BreadcrumbData, StructuredData } from '@/features/site/structured-data-block'
import { caseStudies, caseStudiesPage } from './content/case-studies'
import { caseStudyLinks } from './content/case-study-cards'
import { serviceCards, specializationCards } from './content/site-index'
import { CallToAction } from './call-to-action'
import { CardGrid, PageHero, PageSection, TagList } from './page-frame'
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
      <BreadcrumbData
        trail={[
          { name: caseStudiesPage.eyebrow, path: '/case-studies' },
          { name: content.title, path },
        ]}
      />
      <StructuredData data={caseStudyArticle(i18n, locale, content, path, about)} />
      <PageHero
        trail={
          <Link to="/{-$lang}/case-studies" params={{ lang }} activeOptions={{ exact: true }}>
            {_(caseStudiesPage.eyebrow)}
          </Link>
        }
        eyebrow={_(content.sector)}
        title={_(content.heroTitle)}
        lead={_(content.heroLead)}
      />

      <PageSection
        id="problem"
        title={<Trans>The problem</Trans>}
        prose
        before={
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
        }
      >
        {content.problem.map((paragraph) => (
          <p key={paragraph.id}>{_(paragraph)}</p>
        ))}
      </PageSection>

      <PageSection id="built" title={<Trans>What we built</Trans>} alt>
        <CardGrid items={content.built} className={styles.grid} />
      </PageSection>

      <PageSection id="results" title={<Trans>Measured results</Trans>}>
        <dl className={styles.figures}>
          {content.results.map((figure) => (
            <div key={figure.label.id}>
              <dt className={styles.figureValue}>{_(figure.value)}</dt>
              <dd className={styles.figureLabel}>{_(figure.label)}</dd>
            </div>
          ))}
        </dl>
        <p className={styles.note}>{_(content.resultsNote)}</p>
      </PageSection>

      <PageSection id="involved" title={<Trans>Services and specializations involved</Trans>} alt>
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
        <TagList tags={content.technologies} />
      </PageSection>

      <CallToAction title={_(caseStudiesPage.ctaTitle)} text={_(caseStudiesPage.ctaText)} />
    </article>
  )
}
