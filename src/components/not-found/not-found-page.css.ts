import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

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

export const other = style({
  marginTop: vars.space['7'],
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.color.border}`,
})
