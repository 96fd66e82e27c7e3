// The confirmation dialog: a card over a dimmed page, as wide as a phone allows.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const dialog = style({
  width: 'min(32rem, calc(100vw - 2rem))',
  maxHeight: 'calc(100dvh - 2rem)',
  padding: vars.space['5'],
  border: `2px solid ${vars.color.accent}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  boxShadow: vars.shadow.raised,
  selectors: {
    '&::backdrop': { background: 'rgb(0 0 0 / 55%)' },
  },
})

export const body = style({ display: 'grid', gap: vars.space['3'] })

export const title = style({ fontSize: vars.fontSize.h3, margin: 0, overflowWrap: 'anywhere' })

globalStyle(`${body} p`, { margin: 0 })

export const buttons = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space['2'],
  marginTop: vars.space['2'],
})
