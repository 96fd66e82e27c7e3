// The staff's project pages: the filter bar, two-column forms that fold to one on small screens,
// inline confirmations and the CSV preview's error rows.
import { style } from '@vanilla-extract/css'
import { cluster, code as codeRecipe, panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const filters = style([
  panel({ tone: 'surface', stack: '3' }),
  { alignItems: 'end', '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } } },
])

export const filterActions = style([cluster({ gap: '2' }), { gridColumn: '1 / -1' }])

export { formGrid, formPanel as panel, fullWidth as wide } from '@/components/ui/form-layout.css'

export { panelTitle } from '@/components/ui/form-layout.css'

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' })

export const errorRow = style({ background: vars.color.surface })

export const ok = style({ color: vars.color.accent, fontWeight: 600 })

export const code = codeRecipe({ wrap: 'anywhere' })

export const columnList = style({
  margin: 0,
  paddingInlineStart: vars.space['4'],
  display: 'grid',
  gap: vars.space['1'],
})

// A document's download history (document-downloads.tsx): a disclosure under its name.
export const downloads = style({ fontSize: vars.fontSize.small })

export const downloadsSummary = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
  cursor: 'pointer',
  color: vars.color.textMuted,
})

export const downloadsList = style({
  listStyle: 'none',
  margin: `${vars.space['1']} 0 0`,
  padding: 0,
  display: 'grid',
  gap: vars.space['1'],
})
