import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const screen = style({
  minHeight: '100vh',
  display: 'grid',
  placeItems: 'center',
  padding: vars.space['5'],
})

export const card = style({
  maxWidth: '32rem',
  textAlign: 'center',
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'center',
  gap: vars.space['3'],
  margin: `${vars.space['5']} 0`,
})
