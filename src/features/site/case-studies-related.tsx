// The "Case studies" block of a service or specialization page: the cases that involved it, each
// linking to its page, and a link to every case study.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import type { ServiceSlug, SpecializationSlug } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import { caseStudiesAbout, caseStudyCards } from './content/case-study-cards'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'
import * as cases from './case-studies.css'

interface RelatedCaseStudiesProps {
  kind: 'service' | 'specialization'
  slug: ServiceSlug | SpecializationSlug
}

export function RelatedCaseStudies({ kind, slug }: RelatedCaseStudiesProps) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const _ = i18n._.bind(i18n)
  const related = caseStudiesAbout(kind, slug)
  if (related.length === 0) return null

  return (
    <section className={layout.sectionAlt} aria-labelledby="case-studies">
      <div className={layout.container}>
        <h2 id="case-studies">
          <Trans>Case studies</Trans>
        </h2>
        <p className={layout.lead}>
          {kind === 'service' ? (
            <Trans>Projects where this service did part of the work, and what they changed for the client.</Trans>
          ) : (
            <Trans>Projects in this specialization, and what they changed for the client.</Trans>
          )}
        </p>
        <ul className={styles.gridThree}>
          {related.map((caseStudy) => {
            const card = caseStudyCards[caseStudy]
            return (
              <li key={caseStudy} className={`${styles.card} ${cases.caseCard}`}>
                <p className={cases.sector}>{_(card.sector)}</p>
                <h3 className={cases.caseCardTitle}>
                  <Link to="/{-$lang}/case-studies/$caseStudy" params={{ lang, caseStudy }} className={styles.cardLink}>
                    {_(card.title)}
                  </Link>
                </h3>
                <p className={styles.cardText}>{_(card.summary)}</p>
              </li>
            )
          })}
        </ul>
        <p className={cases.allCases}>
          <Link to="/{-$lang}/case-studies" params={{ lang }} activeOptions={{ exact: true }}>
            <Trans>All case studies</Trans>
          </Link>
        </p>
      </div>
    </section>
  )
}
