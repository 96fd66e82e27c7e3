// The portal pages' building blocks: page and section rhythm, cards, lists, status badges (text
// first, colour second, every pair AA in tests/unit/theme.test.ts), progress bars, skeleton
// placeholders, empty and error panels. Tables are data-table.tsx's.
import { globalStyle, keyframes, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'
import {
  badge as badgeRecipe,
  badgeBase,
  button,
  cluster,
  control,
  panel as panelRecipe,
  stackList,
  type BadgeTone,
} from './recipes.css'

export const page = style({ display: 'grid', gap: vars.space['6'], minWidth: 0 })

export const pageHeader = style({ display: 'grid', gap: vars.space['2'], minWidth: 0 })

export const pageTitle = style({ margin: 0, fontSize: vars.fontSize.h2, overflowWrap: 'anywhere' })

export const lead = style({ margin: 0, color: vars.color.textMuted, maxWidth: vars.layout.textWidth })

export const backLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '44px',
  fontWeight: 600,
  justifySelf: 'start',
})

export const section = style({ display: 'grid', gap: vars.space['3'], minWidth: 0, alignContent: 'start' })

export const sectionHeader = cluster({ gap: '2', align: 'baseline', justify: 'between' })

export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.h3 })

export const subTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700 })

/** The first visit's welcome (a client with nothing shared yet): one panel, not empty boxes. */
export const welcome = panelRecipe({ tone: 'raised', stack: '3', shrink: true })

export const welcomeSteps = style({
  margin: 0,
  paddingInlineStart: vars.space['5'],
  display: 'grid',
  gap: vars.space['2'],
  overflowWrap: 'anywhere',
})

export const overviewGrid = style({
  display: 'grid',
  gap: vars.space['6'],
  '@media': { [media.desktop]: { gridTemplateColumns: 'repeat(2, minmax(0, 1fr))' } },
})

export const cardGrid = style({
  display: 'grid',
  gap: vars.space['4'],
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 18rem), 1fr))',
  listStyle: 'none',
  margin: 0,
  padding: 0,
})

export const card = style([panelRecipe({ tone: 'raised', stack: '2', shrink: true }), { alignContent: 'start' }])

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.h3, overflowWrap: 'anywhere' })

export const plainList = stackList({ gap: '3' })

export const listItem = style({
  display: 'grid',
  gap: vars.space['1'],
  paddingBottom: vars.space['3'],
  borderBottom: `1px solid ${vars.color.border}`,
  minWidth: 0,
  overflowWrap: 'anywhere',
})

export const itemTitle = style({ margin: 0, fontWeight: 600 })

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space['1']} ${vars.space['3']}`,
  margin: 0,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
})

// A link on its own in a meta line (a project's name under a task) is a target: 24px at least (WCAG 2.5.8).
globalStyle(`${meta} a`, { display: 'inline-flex', alignItems: 'center', minHeight: '24px' })

export const text = style({ margin: 0, overflowWrap: 'anywhere' })

export const mutedText = style({ margin: 0, color: vars.color.textMuted })

export const overdue = style({ color: vars.color.danger, fontWeight: 700 })

export { badgeBase }

const badgeTones = ['neutral', 'active', 'done', 'alert', 'warning', 'muted'] as const

/** Tones of a status badge; the word inside always says the status. */
export const badge = Object.fromEntries(badgeTones.map((tone) => [tone, badgeRecipe({ tone })])) as Record<
  BadgeTone,
  string
>

export const progress = style({ display: 'flex', alignItems: 'center', gap: vars.space['3'] })

export const progressTrack = style({
  flex: 1,
  // a flex item may shrink to nothing, and a table cell sizes to its content's minimum: without a
  // floor the bar collapses to a dot in a table column
  minWidth: '4rem',
  height: '0.625rem',
  borderRadius: vars.radius.round,
  background: vars.color.surface,
  border: `1px solid ${vars.color.textMuted}`,
  overflow: 'hidden',
})

export const progressFill = style({ height: '100%', background: vars.color.accent, borderRadius: vars.radius.round })

export const progressText = style({ fontWeight: 700, minWidth: '3.5rem', textAlign: 'end' })

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 10rem), 1fr))',
  gap: vars.space['3'],
  margin: 0,
})

// A grid item is as wide as its longest word by default; 0 lets detailValue wrap it.
globalStyle(`${details} > *`, { minWidth: 0 })

export const detailTerm = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted })

// A long e-mail address or name breaks inside its cell instead of running over the next one.
export const detailValue = style({ margin: 0, fontWeight: 600, overflowWrap: 'anywhere' })

export const smallButton = button({ tone: 'small' })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' })

export const panel = panelRecipe({ tone: 'dashed' })

export const errorPanel = style([panelRecipe({ tone: 'danger', stack: '3' }), { justifyItems: 'start' }])

export const inlineError = style({ margin: 0, color: vars.color.danger, fontWeight: 600 })

const pulse = keyframes({
  '0%': { opacity: 1 },
  '50%': { opacity: 0.45 },
  '100%': { opacity: 1 },
})

export const skeleton = style({ display: 'grid', gap: vars.space['3'] })

export const skeletonLine = style({
  height: '1rem',
  borderRadius: vars.radius.small,
  background: vars.color.border,
  animation: `${pulse} 1.4s ease-in-out infinite`,
})

export const skeletonBlock = style([skeletonLine, { height: '6rem', borderRadius: vars.radius.medium }])

export const skeletonShort = style([skeletonLine, { width: '60%' }])

export const uploadForm = style([
  panelRecipe({ tone: 'surface', stack: '3' }),
  {
    // On a desktop the fields stand side by side and share three rows (label, hints, control), so
    // the labels, the hints and the controls each line up whatever the length of the hints.
    '@media': {
      [media.desktop]: {
        gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr) minmax(0, 2fr)',
        columnGap: vars.space['4'],
        rowGap: vars.space['2'],
        alignItems: 'start',
      },
    },
    selectors: {
      // A file is being dragged over the form: the drop target shows itself.
      '&[data-dragging]': {
        borderStyle: 'dashed',
        borderColor: vars.color.accent,
        outline: `2px dashed ${vars.color.accent}`,
        outlineOffset: '2px',
        background: vars.color.accentSoft,
      },
    },
  },
])

/** A field of the upload form: its label, hints and control on the form's three shared rows. */
export const uploadField = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
  '@media': {
    [media.desktop]: {
      gridRow: 'span 3',
      gridTemplateRows: 'subgrid',
      rowGap: vars.space['1'],
    },
  },
})

// A field without hints keeps its control on the controls' row.
globalStyle(`${uploadField} > :last-child`, { '@media': { [media.desktop]: { gridRow: '3' } } })

export const uploadHints = style({ display: 'grid', gap: vars.space['1'] })

export const uploadSubmit = style({ gridColumn: '1 / -1', justifySelf: 'start' })

export const select = control({ padding: 'select' })

export const uploadStatus = style({ gridColumn: '1 / -1', margin: 0 })

export const busyBar = style({ width: '100%', height: '0.5rem', accentColor: vars.color.accent })

export const summary = style({ margin: 0, maxWidth: vars.layout.textWidth, overflowWrap: 'anywhere' })

export const unreadBadge = style([badgeRecipe({ tone: 'done' }), { marginInlineStart: vars.space['2'] }])
