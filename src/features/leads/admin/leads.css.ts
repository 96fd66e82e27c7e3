// The leads pages: the status filter, the lead's message and its actions.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const statusList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
})

export const statusLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  paddingInline: vars.space['3'],
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
})

export const count = style({ fontVariantNumeric: 'tabular-nums' })

export const message = style({
  margin: 0,
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const headerRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })
