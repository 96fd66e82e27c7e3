import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { cluster } from '@/components/ui/recipes.css'

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

export const actions = style([
  cluster({ gap: '3', align: 'none', justify: 'center' }),
  { margin: `${vars.space['5']} 0` },
])
