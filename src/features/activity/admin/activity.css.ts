// The activity log: the filter bar above the table, the export row and the pager.
import { style } from '@vanilla-extract/css'
import { cluster, panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const filters = panel({ tone: 'surface', stack: '4' })

export const filterGrid = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 14rem), 1fr))',
  alignItems: 'start',
})

export const toolbar = cluster({ gap: '3', justify: 'between' })

export const pager = style([
  cluster({ gap: '3', justify: 'center' }),
  { '@media': { [media.tablet]: { justifyContent: 'space-between' } } },
])
