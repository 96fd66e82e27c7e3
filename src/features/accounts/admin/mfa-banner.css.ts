// The "set up two-step verification" banner: a warning-toned box above the page, text and a link.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const banner = style({
  display: 'grid',
  gap: vars.space['2'],
  marginBottom: vars.space['5'],
  padding: vars.space['4'],
  border: `1px solid ${vars.color.border}`,
  borderLeftWidth: '4px',
  borderLeftColor: vars.color.accent,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
})

export const title = style({ margin: 0, fontWeight: 700 })

export const text = style({ margin: 0 })

export const link = style({ fontWeight: 600, display: 'inline-flex', alignItems: 'center', minHeight: '24px' })
