// The metric line charts: theme colours through classes (no inline style attributes), a solid
// line with dots for the values and a dashed line for the target, so they differ without colour.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const metricList = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 26rem), 1fr))',
})

export const latest = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', gap: vars.space['2'] })

export const latestValue = style({ fontSize: vars.fontSize.h3, fontWeight: 700 })

export const line = style({ fill: 'none', stroke: vars.color.accent, strokeWidth: 2.5, strokeLinejoin: 'round' })

export const point = style({ fill: vars.color.accent, stroke: vars.color.surfaceRaised, strokeWidth: 1.5 })

export const targetLine = style({ stroke: vars.color.textMuted, strokeWidth: 2, strokeDasharray: '6 4' })
