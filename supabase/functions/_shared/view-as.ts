// "View as client" (decision 0022): an access token minted for a client user with the claim
// `view_as: <staff id>` is a staff member's read-only preview. The view-as function and every API
// of our server ask this one question, and every refusal of a write carries the same code and words.

export const VIEW_AS_READ_ONLY = 'view_as_read_only'
export const viewAsReadOnlyMessage = 'This is a read-only preview of the client portal: nothing can be changed.'

export function isViewAs(claims: Record<string, unknown> | undefined | null): boolean {
  const staff = claims?.view_as
  return typeof staff === 'string' && staff !== ''
}
