import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const page = style({
  paddingBlock: vars.space['8'],
})

export const code = style({
  fontSize: vars.fontSize.small,
  fontWeight: 700,
  letterSpacing: '0.1em',
  color: vars.color.accent,
  margin: 0,
})
