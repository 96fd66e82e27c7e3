// The head of a private page named after what it shows. Apart from seo.ts, which every public
// page loads in its first chunk: only the portal's and the admin area's pages use this.
import type { MessageDescriptor } from '@lingui/core'
import { privatePageHead } from './seo'

/**
 * The head of a private page named after what it shows ("Lead: Acme"), from the name its loader
 * returned, or its "not found" title when there was none.
 */
export const namedPageHead =
  (named: (name: string) => MessageDescriptor, missing: MessageDescriptor) =>
  ({ loaderData }: { loaderData?: { name: string | null } }) =>
    privatePageHead(loaderData?.name ? named(loaderData.name) : missing)
