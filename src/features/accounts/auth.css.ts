// The sign-in, password and guard screens: one centred card on the page's background.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const page = style({
  display: 'grid',
  placeItems: 'start center',
  paddingBlock: vars.space['7'],
  paddingInline: vars.space['4'],
})

export const card = style({
  width: '100%',
  maxWidth: '28rem',
  padding: vars.space['6'],
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  boxShadow: vars.shadow.raised,
  display: 'grid',
  gap: vars.space['4'],
})

export const title = style({ fontSize: vars.fontSize.h2, margin: 0 })

export const intro = style({ color: vars.color.textMuted, margin: 0 })

export const links = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space['3'] })

export const submit = style({ width: '100%' })

export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  minHeight: '44px',
  color: vars.color.accent,
  textDecoration: 'underline',
  font: 'inherit',
  cursor: 'pointer',
  justifySelf: 'start',
})
