// A metric's units and granularities, named in the person's language. Unknown codes fall back to the code
// itself (labelOf in src/lib/labels.ts).
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'

/** Metric units as a person reads them in a list (the code stays in files and the database). */
export const metricUnitLabels: Record<string, MessageDescriptor> = {
  count: msg`Count`,
  percent: msg`Percentage (%)`,
  EUR: msg`Euros (EUR)`,
  USD: msg`US dollars (USD)`,
  COP: msg`Colombian pesos (COP)`,
  MXN: msg`Mexican pesos (MXN)`,
  hours: msg`Hours`,
  days: msg`Days`,
  seconds: msg`Seconds`,
  ratio: msg`Ratio`,
  score: msg`Score`,
}
export const granularityLabels: Record<string, MessageDescriptor> = {
  day: msg`Daily`,
  week: msg`Weekly`,
  month: msg`Monthly`,
  quarter: msg`Quarterly`,
  year: msg`Yearly`,
}
