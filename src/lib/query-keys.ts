// Query keys that writes in several concepts refresh, so they belong to none of them (decision
// 0029): the staff overview's figures change when a lead, an organization, an account or a
// project does.
export const adminKeys = {
  overview: () => ['admin', 'overview'] as const,
}
