// The staff forms' frame, shared by the clients, team and project pages: a bordered panel, a grid
// of fields in two columns on wide screens (one on small ones), and a row that spans them both.
// Fields side by side line up: each field spans four rows of the grid (label, hint, control,
// error) as a subgrid, so a hint or an error on one side no longer pushes its control below the
// other's.
import { globalStyle, style } from '@vanilla-extract/css'
import * as field from '@/components/form/form.css'
import { panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const formPanel = panel({ tone: 'surface', stack: '4', shrink: true })

export const formGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const fullWidth = style({ gridColumn: '1 / -1' })

/** A form panel's title (an h3): body size, bold. */
export const panelTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 })

globalStyle(`${formGrid} > ${field.field}`, {
  gridRow: 'span 4',
  gridTemplateRows: 'subgrid',
  rowGap: vars.space['1'],
  alignContent: 'start',
})
globalStyle(`${formGrid} > ${field.field} > ${field.label}`, { gridRow: 1, alignSelf: 'end' })
globalStyle(`${formGrid} > ${field.field} > ${field.hint}`, { gridRow: 2 })
globalStyle(`${formGrid} > ${field.field} > :is(input, select, textarea, ${field.passwordRow}, ${field.checkboxRow})`, {
  gridRow: 3,
  alignSelf: 'start',
})
globalStyle(`${formGrid} > ${field.field} > ${field.error}`, { gridRow: 4 })
