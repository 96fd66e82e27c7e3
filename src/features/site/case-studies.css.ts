// Styles of the case studies' list, page and the "Case studies" block on service pages; the rest
// comes from the marketing pages' own styles (marketing.css.ts).
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'
import { panel, stackList, target } from '@/components/ui/recipes.css'

export const caseCard = style({ display: 'flex', flexDirection: 'column', gap: vars.space['2'] })

export const sector = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.accent,
})

export const caseCardTitle = style({ fontSize: '1.125rem', margin: 0 })

export const headline = style({
  marginTop: 'auto',
  marginBottom: 0,
  paddingTop: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
})

export const headlineValue = style({ color: vars.color.accent, fontSize: '1.125rem', fontWeight: 800 })

/** The client and its sector beside the problem, as term and detail pairs. */
export const client = style([
  panel({ tone: 'raised', radius: 'large', stack: '3' }),
  {
    margin: `0 0 ${vars.space['5']}`,
    '@media': { [media.tablet]: { gridTemplateColumns: 'minmax(8rem, 12rem) 1fr' } },
  },
])

export const clientTerm = style({ fontWeight: 700, margin: 0 })

export const clientDetail = style({ margin: 0 })

/** The services and specializations a case involved: links in a wrapping row. */
export const offeringLinks = stackList({ direction: 'row', gap: '3' })

export const offeringLink = style([
  target({ inset: '4' }),
  panel({ tone: 'raised', radius: 'large', padding: 'none' }),
  {
    color: vars.color.text,
    fontWeight: 600,
    textDecoration: 'none',
    selectors: { '&:hover': { color: vars.color.accent, borderColor: vars.color.accent } },
  },
])

export const technologiesTitle = style({ fontSize: '1.0625rem', marginTop: vars.space['6'] })

export const allCases = style({ marginTop: vars.space['5'], marginBottom: 0, fontWeight: 600 })
