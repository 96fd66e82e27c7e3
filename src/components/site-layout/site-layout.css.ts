import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const frame = style({
  display: 'flex',
  flexDirection: 'column',
  minHeight: '100vh',
})

export const main = style({
  flex: '1 0 auto',
  paddingTop: vars.layout.headerHeight,
  outline: 'none',
})

export const skipLink = style({
  position: 'fixed',
  top: vars.space['2'],
  insetInlineStart: vars.space['2'],
  zIndex: 100,
  padding: `${vars.space['2']} ${vars.space['4']}`,
  borderRadius: vars.radius.medium,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontWeight: 600,
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus': { transform: 'none', color: vars.color.accentText },
  },
})
