import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLangPrefix } from '@/lib/use-lang'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

/** The closing invitation to write to the firm, at the end of every public page about the firm. */
export function CallToAction({ title, text, button }: { title: string; text: string; button?: string }) {
  const lang = useLangPrefix()
  return (
    <section className={layout.section} aria-labelledby="cta-title">
      <div className={layout.container}>
        <div className={styles.cta}>
          <h2 id="cta-title">{title}</h2>
          <p className={styles.ctaText}>{text}</p>
          <Link to="/{-$lang}/contact" params={{ lang }} className={styles.ctaButton}>
            {button ?? <Trans>Contact us</Trans>}
          </Link>
        </div>
      </div>
    </section>
  )
}
