// The client portal's frame: a title row with the organization, a tab-like section nav, content.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const shell = style({ paddingBlock: vars.space['6'] })

export const heading = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['3'],
  marginBottom: vars.space['4'],
})

export const title = style({ margin: 0, fontSize: vars.fontSize.h2 })

export const organization = style({ color: vars.color.textMuted, margin: 0 })

export const nav = style({
  borderBottom: `1px solid ${vars.color.border}`,
  marginBottom: vars.space['5'],
  overflowX: 'auto',
})

export const navList = style({
  display: 'flex',
  gap: vars.space['1'],
  listStyle: 'none',
  margin: 0,
  padding: 0,
})

export const navLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  paddingInline: vars.space['3'],
  color: vars.color.text,
  textDecoration: 'none',
  borderBottom: '3px solid transparent',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover': { color: vars.color.accent },
    '&[aria-current="page"]': { borderBottomColor: vars.color.accent, color: vars.color.accent, fontWeight: 600 },
  },
  '@media': { [media.tablet]: { paddingInline: vars.space['4'] } },
})

export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.5rem',
  height: '1.5rem',
  paddingInline: vars.space['1'],
  borderRadius: vars.radius.round,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: vars.fontSize.small,
  fontWeight: 700,
})
