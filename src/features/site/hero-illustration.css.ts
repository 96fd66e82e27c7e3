import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const figure = style({
  display: 'none',
  margin: 0,
  '@media': { [media.desktop]: { display: 'block' } },
})

export const svg = style({ width: '100%', height: 'auto' })
export const panel = style({ fill: vars.color.surfaceRaised, stroke: vars.color.border })
export const muted = style({ fill: vars.color.border })
export const bar = style({ fill: vars.color.accent })
export const barSoft = style({ fill: vars.color.accent, opacity: 0.45 })
export const line = style({ fill: 'none', stroke: vars.color.accentHover, strokeWidth: 3, strokeLinecap: 'round' })
export const dot = style({ fill: vars.color.background, stroke: vars.color.accent, strokeWidth: 3 })
