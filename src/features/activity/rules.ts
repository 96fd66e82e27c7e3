// The activity log's filters (src/features/activity/admin/search.ts reads them from the URL): the
// one rule its form checks before putting them in the URL, an end day not before the start day.
// Zod-free: a rule across two fields of a filter, not an entity's.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

export const activityFilterMessages = {
  dayOrder: msg`The end date must not be before the start date.`,
} satisfies Record<string, MessageDescriptor>

/** The days of the filter form, YYYY-MM-DD or '' (the date fields' values). */
export interface ActivityDays {
  from: string
  to: string
}

export function checkActivityFilters({ from, to }: ActivityDays) {
  const backwards = Boolean(from && to && to < from)
  return {
    problems: backwards
      ? [{ field: 'to' as const, rule: 'dayOrder' as const, message: activityFilterMessages.dayOrder }]
      : [],
  }
}
