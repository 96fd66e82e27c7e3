// The "set up two-step verification" banner: a warning-toned box above the page, text and a link.
import { style } from '@vanilla-extract/css'
import { panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const banner = style([
  panel({ tone: 'surface', stack: '2' }),
  { marginBottom: vars.space['5'], borderLeftWidth: '4px', borderLeftColor: vars.color.accent },
])

export const title = style({ margin: 0, fontWeight: 700 })

export const text = style({ margin: 0 })

export const link = style({ fontWeight: 600, display: 'inline-flex', alignItems: 'center', minHeight: '24px' })
