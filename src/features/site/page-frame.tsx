// The frame the pages about the firm's work share (a service, a specialization, the case studies
// and each case study): the hero with its breadcrumb trail, titled sections on alternating
// backgrounds, the cards of what was delivered and the list of technologies.
import type { ReactNode } from 'react'
import { Link } from '@tanstack/react-router'
import { Trans } from '@lingui/react/macro'
import { useLingui } from '@lingui/react'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { useLangPrefix } from '@/lib/use-lang'
import * as layout from '@/components/ui/layout.css'
import * as styles from './site.css'

/** The page's header: "Home / …" (the trail after Home is the page's), eyebrow, title and lead. */
export function PageHero({
  trail,
  eyebrow,
  title,
  lead,
  children,
}: {
  trail: ReactNode
  eyebrow: string
  title: string
  lead: string
  /** Below the lead, e.g. a call to action. */
  children?: ReactNode
}) {
  const { i18n } = useLingui()
  const lang = useLangPrefix()
  return (
    <header className={styles.hero}>
      <div className={layout.container}>
        <nav aria-label={i18n._(msg`Breadcrumb`)} className={styles.breadcrumb}>
          <Link to="/{-$lang}" params={{ lang }} activeOptions={{ exact: true }}>
            <Trans>Home</Trans>
          </Link>{' '}
          <span aria-hidden="true">/</span> {trail}
        </nav>
        <p className={layout.eyebrow}>{eyebrow}</p>
        <h1 className={styles.heroTitle}>{title}</h1>
        <p className={layout.lead}>{lead}</p>
        {children}
      </div>
    </header>
  )
}

/** A section named by its heading (`id`), on the page's background or the alternate one. */
export function PageSection({
  id,
  title,
  alt = false,
  prose = false,
  before,
  children,
}: {
  id: string
  title: ReactNode
  alt?: boolean
  /** Set in the reading column (paragraphs of text). */
  prose?: boolean
  /** Shown above the heading, inside the reading column when there is one. */
  before?: ReactNode
  children: ReactNode
}) {
  const body = (
    <>
      {before}
      <h2 id={id}>{title}</h2>
      {children}
    </>
  )
  return (
    <section className={alt ? layout.sectionAlt : layout.section} aria-labelledby={id}>
      <div className={layout.container}>{prose ? <div className={styles.prose}>{body}</div> : body}</div>
    </section>
  )
}

/** Cards of a title and a text each (what the client gets, what was built). */
export function CardGrid({
  items,
  className,
}: {
  items: readonly { title: MessageDescriptor; text: MessageDescriptor }[]
  className: string
}) {
  const { i18n } = useLingui()
  return (
    <ul className={className}>
      {items.map((item) => (
        <li key={item.title.id} className={styles.card}>
          <h3 className={styles.deliverableTitle}>{i18n._(item.title)}</h3>
          <p className={styles.cardText}>{i18n._(item.text)}</p>
        </li>
      ))}
    </ul>
  )
}

/** The technologies a piece of work uses, as tags. */
export function TagList({ tags }: { tags: readonly string[] }) {
  return (
    <ul className={styles.tags}>
      {tags.map((tag) => (
        <li key={tag} className={styles.tag}>
          {tag}
        </li>
      ))}
    </ul>
  )
}
