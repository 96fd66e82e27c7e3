// What the line charts share (the metrics' charts, the plan's burn-down): the frame and the SVG,
// the grid and the axes' text in theme colours, and the legend whose swatches draw each line as
// it is drawn in the chart (solid, dashed), so the lines differ without colour.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { stackList } from './recipes.css'

/** The charts' height in px (the SVG's viewBox and the room kept for a chart still loading). */
export const chartHeight = 220

export const frame = style({ width: '100%', minWidth: 0 })

/** The room a chart takes while its code loads, so that nothing below it moves when it comes. */
export const placeholder = style({ height: chartHeight })

export const svg = style({ display: 'block', width: '100%', height: 'auto', overflow: 'visible' })

export const grid = style({ stroke: vars.color.border, strokeWidth: 1 })

export const axisText = style({ fill: vars.color.textMuted, fontSize: '12px', fontFamily: vars.font.body })

export const legend = style([
  stackList({ direction: 'row', gap: 'none' }),
  {
    gap: `${vars.space['1']} ${vars.space['4']}`,
    fontSize: vars.fontSize.small,
    color: vars.color.textMuted,
  },
])

export const legendItem = style({ display: 'inline-flex', alignItems: 'center', gap: vars.space['2'] })

/** The swatch of the solid line (the values, the hours used). */
export const swatchSolid = style({
  display: 'inline-block',
  width: '1.5rem',
  borderTop: `3px solid ${vars.color.accent}`,
})

/** The swatch of the dashed line (the target, the ideal burn-down). */
export const swatchDashed = style({
  display: 'inline-block',
  width: '1.5rem',
  borderTop: `3px dashed ${vars.color.textMuted}`,
})
