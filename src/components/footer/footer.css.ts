import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { media } from '../../styles/tokens'
import { cluster, stackList } from '../ui/recipes.css'

export const footer = style({
  marginTop: 'auto',
  paddingBlock: vars.space['7'],
  background: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  fontSize: vars.fontSize.small,
})

export const columns = style({
  display: 'grid',
  gap: vars.space['6'],
  gridTemplateColumns: '1fr',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [media.desktop]: { gridTemplateColumns: '2fr 1fr 1fr 1fr' },
  },
})

export const brandText = style({ color: vars.color.textMuted, maxWidth: '22rem' })

export const heading = style({
  margin: `0 0 ${vars.space['3']}`,
  fontSize: vars.fontSize.small,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
})

export const list = style({ margin: 0, padding: 0, listStyle: 'none' })

export const link = style({
  display: 'inline-block',
  paddingBlock: vars.space['1'],
  minHeight: '24px',
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { color: vars.color.accent, textDecoration: 'underline' },
    '&[aria-current="page"]': { color: vars.color.accent, fontWeight: 600 },
  },
})

export const bottom = style([
  cluster({ gap: '3', justify: 'between' }),
  {
    marginTop: vars.space['6'],
    paddingTop: vars.space['4'],
    borderTop: `1px solid ${vars.color.border}`,
    color: vars.color.textMuted,
  },
])

export const bottomText = style({ margin: 0 })

export const adminDot = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  borderRadius: vars.radius.round,
  selectors: {
    '&::before': {
      content: '""',
      width: '6px',
      height: '6px',
      borderRadius: vars.radius.round,
      background: vars.color.textMuted,
    },
    '&:hover::before': { background: vars.color.accent },
  },
})

export const legalList = style([
  stackList({ direction: 'row', gap: 'none' }),
  { gap: `${vars.space['2']} ${vars.space['4']}` },
])
