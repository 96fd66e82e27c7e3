// The sign-in, password and guard screens: one centred card on the page's background.
import { style } from '@vanilla-extract/css'
import { button, panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { withoutLinkAttribute, withoutLinkValue } from './link-on-open'

export const page = style({
  display: 'grid',
  placeItems: 'start center',
  paddingBlock: vars.space['7'],
  paddingInline: vars.space['4'],
})

export const card = style([
  panel({ tone: 'raised', radius: 'large', padding: '6', stack: '4' }),
  { width: '100%', maxWidth: '28rem', boxShadow: vars.shadow.raised },
])

export const title = style({ fontSize: vars.fontSize.h2, margin: 0 })

export const intro = style({ color: vars.color.textMuted, margin: 0 })

export const links = style({ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: vars.space['3'] })

export const submit = style({ width: '100%' })

export const linkButton = style([button({ tone: 'link' }), { justifySelf: 'start' }])

/**
 * Steps that take each other's place in one cell (decision 0048): the tallest sets the cell's
 * height, so the page moves nothing when the step changes after the app has started.
 */
export const steps = style({ display: 'grid', gridTemplateAreas: '"step"' })

export const step = style({
  gridArea: 'step',
  display: 'grid',
  gap: vars.space['4'],
  alignContent: 'start',
  minWidth: 0,
})

/** A step kept for its place (and what was typed into it) while another is shown. */
export const stepAway = style({ visibility: 'hidden' })

/** While <html> carries the mark of a page opened without its link (link-on-open.ts). */
const withoutLink = `html[${withoutLinkAttribute}="${withoutLinkValue}"] &`

/** The link's step (the form, the button): away while the page is marked as opened without a link. */
export const stepUnlessMarked = style({ selectors: { [withoutLink]: { visibility: 'hidden' } } })

/** The "no link" step: hidden, but shown from the first paint while the page is so marked. */
export const stepIfMarked = style({ visibility: 'hidden', selectors: { [withoutLink]: { visibility: 'visible' } } })
