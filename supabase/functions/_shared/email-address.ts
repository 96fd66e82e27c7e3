// What this app takes for an e-mail address, and the one way an address becomes a mailto: link.
// The pattern is zod's `z.email()` (which invitations use) written out, so the public contact form
// does not load zod for one field; the check constraint contact_messages_email_format holds the
// same text (tests/unit/email-address.test.ts and tests/integration/schema/entity-rules.test.ts).
// Beside the Edge Functions, whose e-mails use it; the app reads it through src/lib/email-address.ts.

/**
 * Dot-separated runs of letters, digits, `_ ' + -` before the @ (not ending in `'`), then labels
 * of letters, digits and hyphens and a top-level domain of two letters or more. Nothing a URL or
 * a mail header reads specially (`? & % # < > , ;`, spaces, quotes) fits.
 */
export const emailAddressPattern =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/

export const isEmailAddress = (value: string) => emailAddressPattern.test(value)

export interface MailtoFields {
  subject?: string
  body?: string
}

/**
 * A mailto: link to `address` (RFC 6068). The address is percent-encoded as a whole, keeping only
 * its last @, so whatever it holds stays the recipient: a stored `x@y.z?bcc=…` can never add a
 * header. Fields use encodeURIComponent, not URLSearchParams: mail programs read "+" literally.
 */
export function mailtoHref(address: string, fields: MailtoFields = {}): string {
  const at = address.lastIndexOf('@')
  const to =
    at < 0
      ? encodeURIComponent(address)
      : `${encodeURIComponent(address.slice(0, at))}@${encodeURIComponent(address.slice(at + 1))}`
  const query = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('&')
  return `mailto:${to}${query ? `?${query}` : ''}`
}
