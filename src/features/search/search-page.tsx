// The search page both areas share: a labelled search form whose words go in the URL (?q=, so a
// search can be bookmarked and the back button works), then the results grouped by kind, each
// group a section with its heading. The area says which kinds it shows and where each result leads.
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { useQuery } from '@tanstack/react-query'
import { Trans, useLingui } from '@lingui/react/macro'
import { msg } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { isSearchable, searchLimits } from '@/features/search/search-params'
import { searchQuery, type SearchHit, type SearchKind } from '@/features/search/queries'
import { FormAlert } from '@/components/form/form-alert'
import * as formStyles from '@/components/form/form.css'
import * as layout from '@/components/ui/layout.css'
import * as page from '@/components/ui/page.css'
import { SectionSkeleton } from '@/components/ui/page-kit'
import * as styles from './search.css'

/** Each kind's group heading, in either area. */
const kindHeadings: Record<SearchKind, MessageDescriptor> = {
  organization: msg`Organizations`,
  person: msg`People`,
  project: msg`Projects`,
  document: msg`Documents`,
  report: msg`Reports`,
  task: msg`Tasks`,
  message: msg`Messages`,
  lead: msg`Leads`,
}

interface SearchPageProps {
  query: string | undefined
  /** The kinds this area shows, in order (each under its heading). */
  kinds: SearchKind[]
  /** What a person can search here, under the title. */
  intro: ReactNode
  /** The link a result leads to. */
  renderLink: (hit: SearchHit) => ReactNode
  /** Puts new words in the URL. */
  onSearch: (query: string) => void
}

export function SearchPage({ query, kinds, intro, renderLink, onSearch }: SearchPageProps) {
  const { t } = useLingui()
  const inputId = useId()
  const [tooShort, setTooShort] = useState(false)
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const words = String(new FormData(event.currentTarget).get('q') ?? '').trim()
    setTooShort(words.length < searchLimits.min)
    if (words.length >= searchLimits.min) onSearch(words)
  }
  const min = searchLimits.min
  return (
    <div className={page.page}>
      <div className={page.pageHeader}>
        <h1 className={page.pageTitle}>
          <Trans>Search</Trans>
        </h1>
        <p className={page.lead}>{intro}</p>
      </div>
      <form role="search" className={styles.form} onSubmit={submit} noValidate aria-label={t`Search`}>
        <label htmlFor={inputId} className={layout.visuallyHidden}>
          <Trans>Words to search for</Trans>
        </label>
        <input
          // the URL is the state: a new ?q= (back button, link) shows its words
          key={query ?? ''}
          id={inputId}
          name="q"
          type="search"
          defaultValue={query ?? ''}
          maxLength={searchLimits.max}
          className={formStyles.input}
          aria-invalid={tooShort || undefined}
          aria-describedby={tooShort ? `${inputId}-error` : undefined}
        />
        <button type="submit" className={layout.buttonPrimary}>
          <Trans>Search</Trans>
        </button>
      </form>
      {tooShort && (
        <p id={`${inputId}-error`} className={formStyles.error}>
          <Trans>Type at least {min} characters.</Trans>
        </p>
      )}
      {isSearchable(query) && <SearchResults query={query} kinds={kinds} renderLink={renderLink} />}
    </div>
  )
}

function SearchResults({
  query,
  kinds,
  renderLink,
}: Pick<SearchPageProps, 'kinds' | 'renderLink'> & { query: string }) {
  const { i18n } = useLingui()
  const results = useQuery(searchQuery(query))
  if (results.isPending) return <SectionSkeleton />
  if (results.isError) {
    return (
      <FormAlert>
        <Trans>The search could not run. Please try again.</Trans>
      </FormAlert>
    )
  }
  const hits = results.data.filter((hit) => kinds.includes(hit.kind))
  const count = hits.length
  return (
    <>
      <p role="status" className={page.mutedText}>
        {count === 0 ? (
          <Trans>Nothing matches “{query}”.</Trans>
        ) : count === 1 ? (
          <Trans>1 result for “{query}”.</Trans>
        ) : (
          <Trans>
            {count} results for “{query}”.
          </Trans>
        )}
      </p>
      {kinds.map((kind) => {
        const group = hits.filter((hit) => hit.kind === kind)
        if (group.length === 0) return null
        const headingId = `search-${kind}`
        return (
          <section key={kind} className={page.section} aria-labelledby={headingId}>
            <h2 id={headingId} className={page.sectionTitle}>
              {i18n._(kindHeadings[kind])}
            </h2>
            <ul className={styles.list}>
              {group.map((hit) => (
                <li key={hit.id} className={styles.item} data-kind={hit.kind}>
                  {renderLink(hit)}
                  {(hit.project_name || hit.context) && (
                    <p className={styles.context}>{[hit.project_name, hit.context].filter(Boolean).join(' · ')}</p>
                  )}
                </li>
              ))}
            </ul>
          </section>
        )
      })}
    </>
  )
}
