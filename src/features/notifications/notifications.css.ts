// The notifications list: one card per notification, unread ones marked by a labelled tag and an
// accent edge (never by colour alone), actions wrapping below the text on narrow screens.
import { style } from '@vanilla-extract/css'
import { cluster, panel, stackList } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const page = style({ display: 'grid', gap: vars.space['5'], maxWidth: '52rem' })

export const header = cluster({ gap: '3', justify: 'between' })

export const title = style({ margin: 0 })

export const summary = style({ margin: 0, color: vars.color.textMuted })

export const list = stackList({ gap: '3' })

const itemBase = panel({ tone: 'raised', stack: '2', shrink: true })

export const item = style([itemBase])

export const itemUnread = style([itemBase, { borderInlineStart: `6px solid ${vars.color.accent}` }])

export const itemTitle = style({ fontSize: vars.fontSize.body, margin: 0, overflowWrap: 'anywhere' })

export const unreadTag = style({
  display: 'inline-block',
  marginInlineEnd: vars.space['2'],
  paddingInline: vars.space['2'],
  borderRadius: vars.radius.round,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: vars.fontSize.small,
  fontWeight: 700,
  verticalAlign: 'middle',
})

export const body = style({ margin: 0, overflowWrap: 'anywhere' })

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['2']} ${vars.space['4']}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
})

export const projectLink = style({ display: 'inline-flex', alignItems: 'center', minHeight: '44px' })

export const markButton = style({
  minHeight: '44px',
  paddingInline: vars.space['3'],
  border: `1px solid ${vars.color.accent}`,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.accent,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:hover': { background: vars.color.accentSoft } },
})

export const empty = style({
  padding: vars.space['5'],
  border: `1px dashed ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  display: 'grid',
  gap: vars.space['2'],
})

export const emptyTitle = style({ fontWeight: 600, margin: 0 })

export const more = style({ display: 'grid', justifyItems: 'start', gap: vars.space['2'] })
