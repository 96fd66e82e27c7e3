// The activity log: the filter bar above the table, the export row and the pager.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const filters = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['4'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
})

export const filterGrid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  alignItems: 'start',
})

export const toolbar = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'space-between',
})

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  alignItems: 'center',
  justifyContent: 'center',
  '@media': { [media.tablet]: { justifyContent: 'space-between' } },
})
