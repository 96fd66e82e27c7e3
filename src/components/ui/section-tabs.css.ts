// A page's tab row: one line that scrolls sideways when its tabs do not fit (a phone), the open
// tab underlined in the accent colour and in bold, so it shows without relying on colour alone.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { stackList, target } from './recipes.css'

// As a grid or flex item the landmark would take its tabs' full width (min-width: auto) and widen
// the page instead of letting the row scroll.
export const nav = style({ minWidth: 0 })

export const list = style([
  stackList({ direction: 'line', gap: '1' }),
  {
    position: 'relative',
    overflowX: 'auto',
    overscrollBehaviorX: 'contain',
    scrollbarWidth: 'thin',
    boxShadow: `inset 0 -1px 0 ${vars.color.border}`,
  },
])

export const item = style({ flex: 'none' })

export const tab = style([
  target(),
  {
    borderBottom: '3px solid transparent',
    color: vars.color.text,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    selectors: {
      '&:hover': { color: vars.color.accentHover, background: vars.color.accentSoft },
      // The ring drawn inside: the scrolling row would clip one drawn outside.
      '&:focus-visible': { outlineOffset: '-3px' },
      '&[aria-current="page"]': { borderBottomColor: vars.color.accent, color: vars.color.accent, fontWeight: 700 },
    },
  },
])
