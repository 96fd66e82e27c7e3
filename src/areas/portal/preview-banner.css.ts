// The strip above the portal while a staff member previews it as a client: the accent colour
// across the whole width, so it cannot be mistaken for the client's own portal.
import { style } from '@vanilla-extract/css'
import { button, cluster } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const banner = style([
  cluster({ gap: '2', justify: 'between' }),
  {
    padding: `${vars.space['2']} ${vars.space['4']}`,
    background: vars.color.accent,
    color: vars.color.accentText,
    fontWeight: 600,
  },
])

export const text = style({ margin: 0, minWidth: 0, overflowWrap: 'anywhere' })

export const leave = style([
  button({ tone: 'none' }),
  {
    paddingInline: vars.space['4'],
    border: `2px solid ${vars.color.accentText}`,
    borderRadius: vars.radius.small,
    background: vars.color.surface,
    color: vars.color.text,
    fontWeight: 600,
  },
])
