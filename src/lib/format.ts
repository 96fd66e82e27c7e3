// Dates, numbers, sizes and metric values for the portal, always in the active locale (pass
// i18n.locale). Date-only columns (YYYY-MM-DD) are read as local calendar days, never as UTC
// midnight, so a due date does not move a day back west of Greenwich.

/**
 * Making an Intl formatter costs far more than using one (locale data is looked up each time), and
 * a page formats dozens of dates and figures as it renders: one formatter per locale and options,
 * made on first use. The keys come from this module's own option sets, so the map stays small.
 */
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>()

function reuse<T extends Intl.DateTimeFormat | Intl.NumberFormat | Intl.RelativeTimeFormat>(
  key: string,
  make: () => T,
): T {
  let formatter = formatters.get(key) as T | undefined
  if (!formatter) {
    formatter = make()
    formatters.set(key, formatter)
  }
  return formatter
}

const dateFormat = (locale: string, options: Intl.DateTimeFormatOptions) =>
  reuse(`date ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options))
const numberFormat = (locale: string, options: Intl.NumberFormatOptions) =>
  reuse(`number ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options))
const relativeFormat = (locale: string, options: Intl.RelativeTimeFormatOptions) =>
  reuse(`relative ${locale} ${JSON.stringify(options)}`, () => new Intl.RelativeTimeFormat(locale, options))

const prepared = new Set<string>()

/**
 * Makes the formatters every area page uses, one short task each, while the page waits for its
 * data (the guard calls it). The first formatter of a kind loads the locale's data, 10-15 ms on a
 * fast machine and four times that on a phone; otherwise that lands inside the page's first render.
 */
export function prepareFormatters(locale: string): void {
  // The guard runs on every move within an area: once per locale is all it takes.
  if (prepared.has(locale)) return
  prepared.add(locale)
  const steps = [
    () => dateFormat(locale, { dateStyle: 'medium' }).format(0),
    () => numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(0),
    () => new Intl.PluralRules(locale).select(1),
  ]
  const next = () => {
    steps.shift()?.()
    if (steps.length > 0) setTimeout(next, 0)
  }
  setTimeout(next, 0)
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

/** A `date` column or a timestamp as a Date; date-only values become local midnight. */
export function parseDate(value: string): Date {
  const match = DATE_ONLY.exec(value)
  if (match) return new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]))
  return new Date(value)
}

/** Today as YYYY-MM-DD in the browser's time zone, to compare with `date` columns. */
export function todayIso(now: Date = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, '0')
  const day = String(now.getDate()).padStart(2, '0')
  return `${now.getFullYear()}-${month}-${day}`
}

/** A due date strictly before today, for work that is not finished. */
export function isOverdue(dueDate: string | null, done: boolean, today: string = todayIso()): boolean {
  return !done && dueDate !== null && dueDate.slice(0, 10) < today
}

export function formatDate(value: string, locale: string, style: 'medium' | 'long' | 'short' = 'medium'): string {
  return dateFormat(locale, { dateStyle: style }).format(parseDate(value))
}

export function formatDateTime(value: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(parseDate(value))
}

/** "1 – 31 ene 2026" style range; one date when only one end is known. */
export function formatPeriod(start: string | null, end: string | null, locale: string): string | null {
  if (start && end) {
    return dateFormat(locale, { dateStyle: 'medium' }).formatRange(parseDate(start), parseDate(end))
  }
  const single = start ?? end
  return single ? formatDate(single, locale) : null
}

/** A metric period as a label by granularity: the year, the month ("ene 2026") or the day. */
export function formatPeriodLabel(start: string, granularity: string, locale: string, short = false): string {
  const date = parseDate(start)
  switch (granularity) {
    case 'year':
      return dateFormat(locale, { year: 'numeric' }).format(date)
    case 'month':
    case 'quarter':
      return dateFormat(locale, {
        month: short ? 'short' : 'long',
        year: short ? '2-digit' : 'numeric',
      }).format(date)
    default:
      return dateFormat(locale, { dateStyle: short ? 'short' : 'medium' }).format(date)
  }
}

const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** "hace 3 días" / "3 days ago"; "now" under a minute. */
export function formatRelative(value: string, locale: string, now: Date = new Date()): string {
  const seconds = (parseDate(value).getTime() - now.getTime()) / 1000
  const format = relativeFormat(locale, { numeric: 'auto' })
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.round(seconds / size), unit)
  }
  return format.format(0, 'second')
}

/**
 * How long since `value`, as a duration in its largest whole unit ("3 días" / "3 days",
 * "1 hora" / "1 hour"), for sentences such as "Waiting for 3 days"; null under a minute, which
 * the sentence says in its own words. (A relative time, "hace 3 días", does not fit after "since":
 * it gave "En espera desde ahora".)
 */
export function formatDuration(value: string, locale: string, now: Date = new Date()): string | null {
  const seconds = Math.max(0, (now.getTime() - parseDate(value).getTime()) / 1000)
  for (const [unit, size] of RELATIVE_UNITS) {
    if (seconds >= size) {
      return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(Math.floor(seconds / size))
    }
  }
  return null
}

/** A whole percentage: 65 → "65 %" (es) / "65%" (en). */
export function formatPercent(value: number, locale: string): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(value / 100)
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const

/** File sizes in binary steps with the locale's unit names: "2,1 MB". */
export function formatBytes(bytes: number, locale: string): string {
  let value = bytes
  let index = 0
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024
    index += 1
  }
  return numberFormat(locale, {
    style: 'unit',
    unit: BYTE_UNITS[index],
    unitDisplay: 'short',
    maximumFractionDigits: index === 0 ? 0 : 1,
  }).format(value)
}

const CURRENCIES = new Set(['EUR', 'USD', 'COP', 'MXN'])
const DURATION_UNITS: Record<string, string> = { hours: 'hour', days: 'day', seconds: 'second' }

/**
 * A metric value in its unit (analytics_metrics.unit): currencies, percentages (stored as 31.5
 * for 31.5 %), durations, ratios, scores and counts. `compact` for axis labels ("4,2 M €").
 */
export function formatMetric(value: number, unit: string, locale: string, compact = false): string {
  const notation = compact ? ('compact' as const) : ('standard' as const)
  if (CURRENCIES.has(unit)) {
    return numberFormat(locale, {
      style: 'currency',
      currency: unit,
      notation,
      maximumFractionDigits: compact ? 1 : Math.abs(value) >= 1000 ? 0 : 2,
    }).format(value)
  }
  if (unit === 'percent') {
    return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(value / 100)
  }
  const duration = DURATION_UNITS[unit]
  if (duration) {
    return numberFormat(locale, {
      style: 'unit',
      unit: duration,
      unitDisplay: 'short',
      maximumFractionDigits: 2,
    }).format(value)
  }
  if (unit === 'ratio') return numberFormat(locale, { maximumFractionDigits: 2 }).format(value)
  if (unit === 'score') return numberFormat(locale, { maximumFractionDigits: 1 }).format(value)
  return numberFormat(locale, { notation, maximumFractionDigits: compact ? 1 : 0 }).format(value)
}
