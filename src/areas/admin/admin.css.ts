// The admin pages: figure cards and compact lists.
import { style } from '@vanilla-extract/css'
import { panel, stackList } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const stats = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
  listStyle: 'none',
  margin: `0 0 ${vars.space['6']}`,
  padding: 0,
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(5, minmax(0, 1fr))' } },
})

// A figure is a link to what it counts: the whole card is the target, its label underlined as
// links are.
export const stat = style([
  panel({ tone: 'surface', stack: '1' }),
  {
    height: '100%',
    alignContent: 'start',
    color: vars.color.text,
    textDecoration: 'none',
    selectors: {
      '&:hover': { borderColor: vars.color.accent, background: vars.color.accentSoft, color: vars.color.text },
    },
  },
])

export const statValue = style({ fontSize: vars.fontSize.h2, fontWeight: 700, lineHeight: 1.1 })

export const statLabel = style({
  color: vars.color.accent,
  fontSize: vars.fontSize.small,
  textDecoration: 'underline',
  textUnderlineOffset: '0.2em',
})

export const columns = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr' } },
})

export const list = stackList({ gap: '2' })

export const listItem = panel({ tone: 'outline', radius: 'small', padding: '3', stack: '1' })

export const meta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small })

export const empty = style({ color: vars.color.textMuted })

export const recent = style({ marginTop: vars.space['6'] })
