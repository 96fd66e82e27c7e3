import { msg } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { breadcrumbList, jsonLdText, type Crumb } from './structured-data'

// A JSON-LD block. Not executed (a data block, so the Content-Security-Policy does not apply).
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
}

/** A page's breadcrumb trail as JSON-LD: the home page, then `trail` down to the page itself. */
export function BreadcrumbData({ trail }: { trail: readonly Crumb[] }) {
  const { i18n } = useLingui()
  return <StructuredData data={breadcrumbList(i18n, [{ name: msg`Home`, path: '/' }, ...trail])} />
}
