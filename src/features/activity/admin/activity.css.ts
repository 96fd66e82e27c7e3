// The activity log: the filter bar above the table, the export row and the pager.
import { style } from '@vanilla-extract/css'
import { panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const filters = panel({ tone: 'surface', stack: '4' })

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
