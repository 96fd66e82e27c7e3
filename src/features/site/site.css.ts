// Styles of the marketing pages: hero, card grids, numbered steps, figures, FAQ, call to action.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'
import { panel, stackList, target } from '@/components/ui/recipes.css'

export const hero = style({
  paddingBlock: vars.space['8'],
  background: `linear-gradient(180deg, ${vars.color.accentSoft} 0%, ${vars.color.background} 100%)`,
})

// A hero that a form follows closely (the contact page): on a phone the usual padding, the lead's
// margin and the next section's padding made a band of empty space that read as the page's end.
export const heroCompact = style({
  paddingBottom: vars.space['5'],
  '@media': { [media.desktop]: { paddingBottom: vars.space['7'] } },
})

globalStyle(`${heroCompact} p:last-child`, { marginBottom: 0 })

/** The section after a compact hero: a page section (layout.css's) with less room on top. */
export const afterCompactHero = style({
  paddingTop: vars.space['4'],
  paddingBottom: vars.space['7'],
  '@media': { [media.desktop]: { paddingTop: vars.space['6'], paddingBottom: vars.space['8'] } },
})

export const heroTitle = style({ maxWidth: '20ch' })

export const heroGrid = style({
  display: 'grid',
  gap: vars.space['7'],
  alignItems: 'center',
  '@media': { [media.desktop]: { gridTemplateColumns: '3fr 2fr' } },
})

export const grid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: '1fr',
  margin: 0,
  padding: 0,
  listStyle: 'none',
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
  },
})

export const gridWide = style([grid, { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' } } }])

export const gridThree = style([grid, { '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(3, 1fr)' } } }])

export const card = style([
  panel({ tone: 'raised', radius: 'large', padding: '5' }),
  { position: 'relative', height: '100%' },
])

export const cardLink = style({
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    // The whole card is clickable through the heading link's pseudo-element.
    '&::after': { content: '""', position: 'absolute', inset: 0, borderRadius: vars.radius.large },
    '&:hover': { color: vars.color.accent },
  },
})

export const cardText = style({ color: vars.color.textMuted, marginBottom: 0 })

export const steps = style([
  stackList({ gap: 'none' }),
  {
    gap: vars.space['5'],
    counterReset: 'step',
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(14rem, 100%), 1fr))',
  },
])

export const step = style({
  counterIncrement: 'step',
  paddingTop: vars.space['4'],
  borderTop: `3px solid ${vars.color.accent}`,
  selectors: {
    '&::before': {
      content: 'counter(step, decimal-leading-zero)',
      display: 'block',
      marginBottom: vars.space['2'],
      fontWeight: 800,
      color: vars.color.accent,
    },
  },
})

export const figures = style({
  display: 'grid',
  gap: vars.space['5'],
  gridTemplateColumns: '1fr',
  margin: 0,
  '@media': {
    [media.tablet]: { gridTemplateColumns: 'repeat(2, 1fr)' },
    [media.desktop]: { gridTemplateColumns: 'repeat(4, 1fr)' },
  },
})

export const figureValue = style({
  display: 'block',
  fontSize: vars.fontSize.h2,
  fontWeight: 800,
  lineHeight: 1.1,
  color: vars.color.accent,
})

export const figureLabel = style({ margin: 0, color: vars.color.textMuted })

export const note = style({ marginTop: vars.space['5'], fontSize: vars.fontSize.small, color: vars.color.textMuted })

export const prose = style({ maxWidth: vars.layout.textWidth })

export const twoColumns = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [media.desktop]: { gridTemplateColumns: '1fr 1fr', alignItems: 'start' } },
})

export const tags = stackList({ direction: 'row', gap: '2' })

export const tag = style({
  padding: `${vars.space['1']} ${vars.space['3']}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.round,
  background: vars.color.surfaceRaised,
  fontSize: vars.fontSize.small,
})

export const faq = style({
  borderTop: `1px solid ${vars.color.border}`,
})

export const faqItem = style({
  borderBottom: `1px solid ${vars.color.border}`,
})

export const faqQuestion = style([
  target({ display: 'block', height: 'large', inset: 'none', gap: '3' }),
  {
    justifyContent: 'space-between',
    paddingBlock: vars.space['3'],
    fontWeight: 700,
    cursor: 'pointer',
    listStyle: 'none',
    selectors: {
      '&::-webkit-details-marker': { display: 'none' },
      '&::after': { content: '"+"', fontSize: '1.5rem', lineHeight: 1, color: vars.color.accent },
      [`${faqItem}[open] &::after`]: { content: '"−"' },
    },
  },
])

export const faqAnswer = style({
  paddingBottom: vars.space['4'],
  color: vars.color.textMuted,
  maxWidth: vars.layout.textWidth,
})

export const cta = style({
  padding: vars.space['6'],
  borderRadius: vars.radius.large,
  background: vars.color.accent,
  color: vars.color.accentText,
  '@media': { [media.desktop]: { padding: vars.space['8'] } },
})

export const ctaText = style({ maxWidth: vars.layout.textWidth, fontSize: vars.fontSize.lead })

export const ctaButton = style([
  target({ inset: '5' }),
  {
    borderRadius: vars.radius.medium,
    background: vars.color.accentText,
    color: vars.color.accent,
    fontWeight: 700,
    textDecoration: 'none',
    selectors: { '&:hover': { color: vars.color.accentHover, textDecoration: 'underline' } },
  },
])

export const breadcrumb = style({
  marginBottom: vars.space['3'],
  fontSize: vars.fontSize.small,
})

export const deliverableTitle = style({ fontSize: '1.0625rem', marginBottom: vars.space['2'] })

/** Term and detail pairs of the legal texts (company particulars). */
export const facts = style({ display: 'grid', gap: vars.space['2'], margin: `${vars.space['4']} 0` })
globalStyle(`${facts} > div`, { display: 'grid', gridTemplateColumns: 'minmax(8rem, 14rem) 1fr', gap: vars.space['3'] })
globalStyle(`${facts} dt`, { fontWeight: 600 })
globalStyle(`${facts} dd`, { margin: 0, overflowWrap: 'anywhere' })
globalStyle(`${facts} > div`, { '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: '1fr', gap: 0 } } })

export const legalLinks = style({
  marginTop: vars.space['7'],
  paddingTop: vars.space['5'],
  borderTop: `1px solid ${vars.color.border}`,
})

// The home page's area notice (area-notice.tsx): the live region has no box of its own; once
// filled, the band continues the hero's background above it.
export const noticeBand = style({ background: vars.color.accentSoft, paddingTop: vars.space['5'] })

export const notice = style({
  display: 'grid',
  gap: vars.space['2'],
  justifyItems: 'start',
  padding: vars.space['4'],
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.accent}`,
  borderInlineStartWidth: '4px',
  background: vars.color.surfaceRaised,
  color: vars.color.text,
})

globalStyle(`${notice} p`, { margin: 0, maxWidth: vars.layout.textWidth })
