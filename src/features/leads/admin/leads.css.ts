// The leads pages: the status filter, the lead's message and its actions.
import { style } from '@vanilla-extract/css'
import { panel, stackList, target } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const statusList = stackList({ direction: 'row', gap: '2' })

export const statusLink = style([
  target({ gap: '2' }),
  {
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.round,
    color: vars.color.text,
    textDecoration: 'none',
    selectors: {
      '&:hover': { borderColor: vars.color.accent },
      '&[aria-current="page"]': {
        borderColor: vars.color.accent,
        background: vars.color.accentSoft,
        fontWeight: 700,
      },
    },
  },
])

export const count = style({ fontVariantNumeric: 'tabular-nums' })

export const message = style([
  panel({ tone: 'surface' }),
  { margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
])

export const headerRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })

// The board: one column per status, side by side where they fit (five at desktop width), stacked
// on a phone, where each column is a heading and its cards.
export const board = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 11.5rem), 1fr))',
  gap: vars.space['3'],
  alignItems: 'start',
  minWidth: 0,
})

export const column = style([
  panel({ tone: 'surface', padding: '3', stack: '3', shrink: true }),
  { alignContent: 'start' },
])

export const columnTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 })

export const cardList = stackList({ gap: '3' })

export const card = style([
  panel({ tone: 'raised', padding: '3', stack: '2', shrink: true }),
  { overflowWrap: 'anywhere' },
])

export const cardMeta = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted })

export const cardForm = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 })

export const statusForm = style({ display: 'grid', gap: vars.space['3'], maxWidth: '32rem', minWidth: 0 })

export const noteBody = style({ margin: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' })
