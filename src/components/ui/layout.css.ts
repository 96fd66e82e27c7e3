// Shared layout primitives for pages: the centred container and section rhythm.
import { style, type StyleRule } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { button } from './recipes.css'
import { media } from '@/styles/tokens'

export const container = style({
  width: '100%',
  maxWidth: vars.layout.contentWidth,
  marginInline: 'auto',
  paddingInline: vars.space['4'],
  '@media': { [media.tablet]: { paddingInline: vars.space['6'] } },
})

export const section = style({
  paddingBlock: vars.space['7'],
  '@media': { [media.desktop]: { paddingBlock: vars.space['8'] } },
})

export const sectionAlt = style([section, { background: vars.color.surface }])

export const lead = style({
  fontSize: vars.fontSize.lead,
  color: vars.color.textMuted,
  maxWidth: vars.layout.textWidth,
})

export const eyebrow = style({
  display: 'inline-block',
  fontSize: vars.fontSize.small,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.accent,
  marginBottom: vars.space['3'],
})

export const buttonPrimary = button({ tone: 'primary' })

export const buttonSecondary = button({ tone: 'secondary' })

export const buttonRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['3'],
  marginTop: vars.space['5'],
})

/** Hidden from the eye, kept for screen readers; as a rule too, for styles that apply it only sometimes. */
export const visuallyHiddenRule = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  padding: 0,
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} satisfies StyleRule

export const visuallyHidden = style(visuallyHiddenRule)
