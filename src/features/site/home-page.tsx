// The home page: what the firm does, its services and specializations, how it works with
// clients, outcomes in figures, and a call to contact.
import { Link } from '@tanstack/react-router'
import { useLingui } from '@lingui/react'
import { serviceSlugs, specializationSlugs } from '@/lib/pages'
import { useLangPrefix } from '@/lib/use-lang'
import { homeContent as home } from './content/home'
import { serviceCards as services, specializationCards as specializations } from './content/site-index'
import { CallToAction } from './call-to-action'
import { HeroIllustration } from './hero-illustration'
import { StepList } from './step-list'
import { AreaNotice } from './area-notice'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

export function HomePage() {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  const _ = i18n._.bind(i18n)

  return (
    <>
      <AreaNotice />
      <section className={styles.hero} aria-labelledby="home-title">
        <div className={`${layout.container} ${styles.heroGrid}`}>
          <div>
            <p className={layout.eyebrow}>{_(home.heroEyebrow)}</p>
            <h1 id="home-title" className={styles.heroTitle}>
              {_(home.heroTitle)}
            </h1>
            <p className={layout.lead}>{_(home.heroLead)}</p>
            <div className={layout.buttonRow}>
              <Link to="/{-$lang}/contact" params={{ lang }} className={layout.buttonPrimary}>
                {_(home.heroPrimaryCta)}
              </Link>
              <a href="#services" className={layout.buttonSecondary}>
                {_(home.heroSecondaryCta)}
              </a>
            </div>
          </div>
          <HeroIllustration />
        </div>
      </section>

      <section id="services" className={layout.section} aria-labelledby="services-title">
        <div className={layout.container}>
          <h2 id="services-title">{_(home.servicesTitle)}</h2>
          <p className={layout.lead}>{_(home.servicesLead)}</p>
          <ul className={styles.gridWide}>
            {serviceSlugs.map((service) => (
              <li key={service} className={styles.card}>
                <h3>
                  <Link to="/{-$lang}/services/$service" params={{ lang, service }} className={styles.cardLink}>
                    {_(services[service].name)}
                  </Link>
                </h3>
                <p className={styles.cardText}>{_(services[service].summary)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="specializations-title">
        <div className={layout.container}>
          <h2 id="specializations-title">{_(home.specializationsTitle)}</h2>
          <p className={layout.lead}>{_(home.specializationsLead)}</p>
          <ul className={styles.grid}>
            {specializationSlugs.map((specialization) => (
              <li key={specialization} className={styles.card}>
                <h3>
                  <Link
                    to="/{-$lang}/specializations/$specialization"
                    params={{ lang, specialization }}
                    className={styles.cardLink}
                  >
                    {_(specializations[specialization].name)}
                  </Link>
                </h3>
                <p className={styles.cardText}>{_(specializations[specialization].summary)}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section className={layout.section} aria-labelledby="how-title">
        <div className={layout.container}>
          <h2 id="how-title">{_(home.howWeWorkTitle)}</h2>
          <p className={layout.lead}>{_(home.howWeWorkLead)}</p>
          <StepList steps={home.howWeWork} />
        </div>
      </section>

      <section className={layout.sectionAlt} aria-labelledby="outcomes-title">
        <div className={layout.container}>
          <h2 id="outcomes-title">{_(home.outcomesTitle)}</h2>
          <p className={layout.lead}>{_(home.outcomesLead)}</p>
          <dl className={styles.figures}>
            {home.figures.map((figure) => (
              <div key={figure.label.id}>
                <dt className={styles.figureValue}>{_(figure.value)}</dt>
                <dd className={styles.figureLabel}>{_(figure.label)}</dd>
              </div>
            ))}
          </dl>
          <p className={styles.note}>{_(home.outcomesNote)}</p>
        </div>
      </section>

      <CallToAction title={_(home.ctaTitle)} text={_(home.ctaText)} button={_(home.ctaButton)} />
    </>
  )
}
