import { jsonLdText } from './structured-data'

// A JSON-LD block. Not executed (a data block, so the Content-Security-Policy does not apply).
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdText(data) }} />
}
