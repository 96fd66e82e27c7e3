// The one table of the portal and the admin area (data-table.tsx). In a box wide enough it is a
// table whose cells wrap (headers between words, e-mail addresses anywhere, the row's buttons
// stacked) before the table grows past its box. In a narrow box (a phone, a narrow column) a table laid out as cards turns
// each row into a card: the row's name on top, each other cell under its column's name (a CSS
// label, hidden from screen readers, which hear the column header of the table that the same DOM
// still is), the buttons at the foot with room for each.
import { globalStyle, style, type StyleRule } from '@vanilla-extract/css'
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '@/styles/theme.css'
import { visuallyHiddenRule } from './layout.css'
import { badgeBase } from './page.css'
import { tableFrame } from './table-scroll.css'

/** Below this width of the table's frame, a table with the cards layout shows cards. */
const narrow = `${tableFrame} (max-width: 40rem)`

/** Styles for the cards layout in a narrow frame. */
function whenCards(rule: StyleRule): StyleRule {
  return { '@container': { [narrow]: { selectors: { [`${cards} &`]: rule } } } }
}

/** Hidden from the eye, kept for screen readers (the header row of a table shown as cards). */
const hidden: StyleRule = visuallyHiddenRule

/** The layout's marker class: the card rules below hang off it. */
const cards = style({
  '@container': { [narrow]: { display: 'block' } },
})

const scroll = style({})

export const table = recipe({
  base: { width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.small },
  variants: { layout: { cards, scroll } },
  defaultVariants: { layout: 'cards' },
})

export type TableLayout = NonNullable<NonNullable<RecipeVariants<typeof table>>['layout']>

/** The region around a table laid out as cards: no box of its own in a narrow frame (each card has one). */
export const cardsRegion = style({ '@container': { [narrow]: { border: 'none', borderRadius: 0 } } })

export const caption = style([
  { captionSide: 'top', textAlign: 'start', padding: vars.space['3'], fontWeight: 700, fontSize: vars.fontSize.body },
  whenCards({ display: 'block', paddingInline: 0 }),
])

export const head = style(whenCards(hidden))

export const body = style(whenCards({ display: 'grid', gap: vars.space['3'] }))

export const row = style(
  whenCards({
    display: 'grid',
    // two facts side by side at 375 px, one under the other at 320 px
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 8.5rem), 1fr))',
    gap: `${vars.space['3']} ${vars.space['4']}`,
    padding: vars.space['3'],
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.medium,
    background: vars.color.surfaceRaised,
    minWidth: 0,
  }),
)

export const headerCell = recipe({
  base: {
    textAlign: 'start',
    padding: `${vars.space['2']} ${vars.space['3']}`,
    borderBottom: `2px solid ${vars.color.border}`,
    background: vars.color.surface,
    // a long name ("Último inicio de sesión") wraps between its words rather than widen the table
    overflowWrap: 'normal',
  },
  variants: { numeric: { true: { textAlign: 'end' }, false: {} } },
})

const cellBase: StyleRule = {
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderBottom: `1px solid ${vars.color.border}`,
  verticalAlign: 'top',
  textAlign: 'start',
  // words stay whole in a table (they set its columns' least widths) and break on a card only
  // when longer than the card; a column of long words (e-mail addresses) breaks them anywhere
  overflowWrap: 'break-word',
}

/** A card's cell: no table borders; its column's name above its value. */
const cardCell = whenCards({
  display: 'block',
  padding: 0,
  border: 'none',
  textAlign: 'start',
  whiteSpace: 'normal',
  minWidth: 0,
})

/** A card's cell shows its column's name (data-label) above its value. */
const labelled = style({
  '@container': {
    [narrow]: {
      selectors: {
        [`${cards} &::before`]: {
          display: 'block',
          marginBottom: vars.space['1'],
          color: vars.color.textMuted,
          fontSize: vars.fontSize.small,
          fontWeight: 600,
          // for the eye only (an empty alternative text): a screen reader hears the column header
          content: ['attr(data-label)', 'attr(data-label) / ""'],
        },
      },
    },
  },
})

/** A cell a card spans from edge to edge. */
const wide = whenCards({ gridColumn: '1 / -1' })

const cellRoot = style([cellBase, cardCell])

// On a card a long status ("Invitado, aún sin aceptar") wraps rather than run over the next fact.
globalStyle(`${cards} ${cellRoot} ${badgeBase}`, { '@container': { [narrow]: { whiteSpace: 'normal' } } })

export const cell = recipe({
  base: cellRoot,
  variants: {
    kind: {
      text: [labelled],
      numeric: [
        labelled,
        { textAlign: 'end', whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums', overflowWrap: 'normal' },
      ],
      nowrap: [labelled, { whiteSpace: 'nowrap', overflowWrap: 'normal' }],
      // the row's name: the card's title, no label
      rowHeader: [
        // a list's row names (documents, people) keep room to be read; a grid's (a row number) do not
        { fontWeight: 'normal', overflowWrap: 'anywhere', selectors: { [`${cards} &`]: { minWidth: '12rem' } } },
        whenCards({ gridColumn: '1 / -1', fontSize: vars.fontSize.body }),
      ],
      actions: [labelled, wide],
    },
    wide: { true: wide, false: {} },
    /** Values that may be one long word (an e-mail address): broken anywhere, not widening the table. */
    breakWords: { true: { overflowWrap: 'anywhere' }, false: {} },
    /** An empty cell: nothing to show on a card (still there for the screen reader's columns). */
    empty: { true: whenCards(hidden), false: {} },
  },
  defaultVariants: { kind: 'text', wide: false, breakWords: false, empty: false },
})

/** The buttons of a row: side by side while they fit, each on its own line when they do not. */
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' })
