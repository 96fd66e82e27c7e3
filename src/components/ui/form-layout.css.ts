// The staff forms' frame, shared by the clients, team and project pages: a bordered panel, a grid
// of fields in two columns on wide screens (one on small ones), and a row that spans them both.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const formPanel = style({
  display: 'grid',
  gap: vars.space['4'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
  minWidth: 0,
})

export const formGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  '@media': { [media.tablet]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const fullWidth = style({ gridColumn: '1 / -1' })
