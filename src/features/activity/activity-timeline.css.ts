// The activity timeline: a vertical rule with one dot per entry, newest on top.
import { style } from '@vanilla-extract/css'
import { stackList } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const list = style([
  stackList({ gap: '4' }),
  { borderInlineStart: `2px solid ${vars.color.border}`, paddingInlineStart: vars.space['4'] },
])

export const item = style({
  position: 'relative',
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
  overflowWrap: 'anywhere',
  selectors: {
    '&::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: `calc(-1 * ${vars.space['4']} - 7px)`,
      top: '0.45em',
      width: '12px',
      height: '12px',
      borderRadius: vars.radius.round,
      background: vars.color.accent,
      border: `2px solid ${vars.color.background}`,
    },
  },
})

export const sentence = style({ margin: 0 })

export const when = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space['3']}`,
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
})

export const more = style({ marginTop: vars.space['3'] })
