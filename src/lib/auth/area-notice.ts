// Why a guard sent a signed-in person home (the specification: a wrong role goes to `/`): a
// client who opened the admin area, or staff who opened the client portal. The home page says so
// and offers the way to their own area. A module of its own: the home page's route reads it, and
// it must bring nothing else into the public pages' first load.

export type AreaNoticeCode = 'staff-only' | 'clients-only'

/** The home page's search: `?notice=staff-only` or `?notice=clients-only`, nothing else. */
export function validateHomeSearch(search: Record<string, unknown>): { notice?: AreaNoticeCode } {
  return search.notice === 'staff-only' || search.notice === 'clients-only' ? { notice: search.notice } : {}
}
