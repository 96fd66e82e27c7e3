// One template for the four service pages and the two specialization pages: the problem,
// what the client gets, how the work runs, typical technologies, questions, the case studies it
// played a part in, and a call to contact.
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import type { ServiceSlug, SpecializationSlug } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import type { Locale } from '@/lib/locale'
import { breadcrumbList, faqPage, service } from '@/lib/structured-data'
import { StructuredData } from '@/components/structured-data/structured-data'
import type { OfferingContent } from './content/types'
import { CallToAction } from './call-to-action'
import { StepList } from './step-list'
import { RelatedCaseStudies } from './case-studies-related'
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
      <StructuredData
        data={breadcrumbList(i18n, [
          { name: msg`Home`, path: '/' },
          { name: content.name, path },
        ])}
      />
      {kind === 'service' ? <StructuredData data={service(i18n, locale, content, path)} /> : null}
      {content.faq.length > 0 ? <StructuredData data={faqPage(i18n, content.faq)} /> : null}
      <header className={styles.hero}>
        <div className={layout.container}>
          <nav aria-label={_(msg`Breadcrumb`)} className={styles.breadcrumb}>
            <Link to="/{-$lang}" params={{ lang }} activeOptions={{ exact: true }}>
              <Trans>Home</Trans>
            </Link>{' '}
            <span aria-hidden="true">/</span>{' '}
            <span>{kind === 'service' ? <Trans>Services</Trans> : <Trans>Specializations</Trans>}</span>
          </nav>
          <p className={layout.eyebrow}>{_(content.name)}</p>
          <h1 className={styles.heroTitle}>{_(content.heroTitle)}</h1>
          <p className={layout.lead}>{_(content.heroLead)}</p>
          <div className={layout.buttonRow}>
            <Link to="/{-$lang}/contact" params={{ lang }} className={layout.buttonPrimary}>
              <Trans>Tell us about your project</Trans>
            </Link>
          </div>
        </div>
      </header>

      <section className={layout.section} aria-labelledby="problem">
        <div className={layout.container}>
          <div className={styles.prose}>
            <h2 id="problem">
              <Trans>The problem we solve</Trans>
            </h2>
            {content.problem.map((paragraph) => (
              <p key={paragraph.id}>{_(paragraph)}</p>
            ))}
          </div>
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="deliverables">
        <div className={layout.container}>
          <h2 id="deliverables">
            <Trans>What you get</Trans>
          </h2>
          <ul className={styles.gridThree}>
            {content.deliverables.map((item) => (
              <li key={item.title.id} className={styles.card}>
                <h3 className={styles.deliverableTitle}>{_(item.title)}</h3>
                <p className={styles.cardText}>{_(item.text)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="process">
        <div className={layout.container}>
          <h2 id="process">
            <Trans>How the work runs</Trans>
          </h2>
          <StepList steps={content.process} />
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="technologies">
        <div className={layout.container}>
          <h2 id="technologies">
            <Trans>Typical technologies</Trans>
          </h2>
          <p className={layout.lead}>
            <Trans>
              We work with the tools you already have whenever they do the job; these are the ones we use most.
            </Trans>
          </p>
          <ul className={styles.tags}>
            {content.technologies.map((technology) => (
              <li key={technology} className={styles.tag}>
                {technology}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="faq">
        <div className={layout.container}>
          <h2 id="faq">
            <Trans>Questions clients ask</Trans>
          </h2>
          <div className={styles.faq}>
            {content.faq.map((item) => (
              <details key={item.question.id} className={styles.faqItem}>
                <summary className={styles.faqQuestion}>{_(item.question)}</summary>
                <p className={styles.faqAnswer}>{_(item.answer)}</p>
              </details>
            ))}
          </div>
        </div>
      </section>

      <RelatedCaseStudies kind={kind} slug={slug} />

      <CallToAction title={_(content.ctaTitle)} text={_(content.ctaText)} />
    </article>
  )
}
