// One template for the four service pages and the two specialization pages: the problem,
// what the client gets, how the work runs, typical technologies, questions, the case studies it
// played a part in, and a call to contact.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import type { ServiceSlug, SpecializationSlug } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import type { Locale } from '@/lib/locale'
import { faqPage, service } from '@/features/site/structured-data'
import { BreadcrumbData, StructuredData } from '@/features/site/structured-data-block'
import type { OfferingContent } from './content/types'
import { CallToAction } from './call-to-action'
import { StepList } from './step-list'
import { RelatedCaseStudies } from './case-studies-related'
import { CardGrid, PageHero, PageSection, TagList } from './page-frame'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

interface OfferingPageProps {
  kind: 'service' | 'specialization'
  slug: ServiceSlug | SpecializationSlug
  content: OfferingContent
  /** The page's unprefixed path, for its structured data. */
  path: string
}

export function OfferingPage({ kind, slug, content, path }: OfferingPageProps) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const _ = i18n._.bind(i18n)

  const locale = i18n.locale as Locale
  return (
    <article>
      <BreadcrumbData trail={[{ name: content.name, path }]} />
      {kind === 'service' ? <StructuredData data={service(i18n, locale, content, path)} /> : null}
      {content.faq.length > 0 ? <StructuredData data={faqPage(i18n, content.faq)} /> : null}
      <PageHero
        trail={<span>{kind === 'service' ? <Trans>Services</Trans> : <Trans>Specializations</Trans>}</span>}
        eyebrow={_(content.name)}
        title={_(content.heroTitle)}
        lead={_(content.heroLead)}
      >
        <div className={layout.buttonRow}>
          <Link to="/{-$lang}/contact" params={{ lang }} className={layout.buttonPrimary}>
            <Trans>Tell us about your project</Trans>
          </Link>
        </div>
      </PageHero>

      <PageSection id="problem" title={<Trans>The problem we solve</Trans>} prose>
        {content.problem.map((paragraph) => (
          <p key={paragraph.id}>{_(paragraph)}</p>
        ))}
      </PageSection>

      <PageSection id="deliverables" title={<Trans>What you get</Trans>} alt>
        <CardGrid items={content.deliverables} className={styles.gridThree} />
      </PageSection>

      <PageSection id="process" title={<Trans>How the work runs</Trans>}>
        <StepList steps={content.process} />
      </PageSection>

      <PageSection id="technologies" title={<Trans>Typical technologies</Trans>} alt>
        <p className={layout.lead}>
          <Trans>
            We work with the tools you already have whenever they do the job; these are the ones we use most.
          </Trans>
        </p>
        <TagList tags={content.technologies} />
      </PageSection>

      <PageSection id="faq" title={<Trans>Questions clients ask</Trans>}>
        <div className={styles.faq}>
          {content.faq.map((item) => (
            <details key={item.question.id} className={styles.faqItem}>
              <summary className={styles.faqQuestion}>{_(item.question)}</summary>
              <p className={styles.faqAnswer}>{_(item.answer)}</p>
            </details>
          ))}
        </div>
      </PageSection>

      <RelatedCaseStudies kind={kind} slug={slug} />

      <CallToAction title={_(content.ctaTitle)} text={_(content.ctaText)} />
    </article>
  )
}
