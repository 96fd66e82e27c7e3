// The confirmation dialog: a card over a dimmed page, as wide as a phone allows.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { cluster, panel } from './recipes.css'

export const dialog = style([
  panel({ tone: 'accent', padding: '5' }),
  {
    width: 'min(32rem, calc(100vw - 2rem))',
    maxHeight: 'calc(100dvh - 2rem)',
    color: vars.color.text,
    boxShadow: vars.shadow.raised,
    selectors: {
      '&::backdrop': { background: 'rgb(0 0 0 / 55%)' },
    },
  },
])

export const body = style({ display: 'grid', gap: vars.space['3'] })

export const title = style({ fontSize: vars.fontSize.h3, margin: 0, overflowWrap: 'anywhere' })

globalStyle(`${body} p`, { margin: 0 })

export const buttons = style([cluster({ align: 'none', justify: 'end' }), { marginTop: vars.space['2'] }])
