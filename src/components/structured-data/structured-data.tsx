// A JSON-LD block. Not executed (a data block, so the Content-Security-Policy does not apply);
// `<` is escaped so no text in it can close the script element.
export function StructuredData({ data }: { data: Record<string, unknown> }) {
  const json = JSON.stringify(data).replace(/</g, '\\u003c')
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
}
