// The one way text goes into HTML or XML markup: the e-mails' HTML part, the areas' prerendered
// frames, the sitemap and the development inbox. Beside the Edge Functions (their e-mails use it),
// without Node or Deno APIs, so the app's build and our server import the same code.

/**
 * `& < > " '` as numeric character references: safe in text and in quoted attribute values, and
 * read back as the same text by HTML and XML parsers alike (no named entity XML would not know).
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}
