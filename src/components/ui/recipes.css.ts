// The UI kit's base styles, as recipes over the theme's tokens: controls (input, select,
// textarea), buttons, panels, stacks of items, rows of actions and badges. A screen's .css.ts
// composes them (`style([panel({ tone: 'raised', padding: '3' }), { … }])`) and adds only what is
// its own, so a change of look is made once here. Each variant sets its own properties and no
// other, so that composing never depends on which rule comes later.
import { style } from '@vanilla-extract/css'
import { recipe, type RecipeVariants } from '@vanilla-extract/recipes'
import { vars } from '@/styles/theme.css'

type Space = keyof typeof vars.space

const gaps = <K extends Space>(...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, { gap: vars.space[key] }])) as Record<K, { gap: string }>

const paddings = <K extends Space>(...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, { padding: vars.space[key] }])) as Record<K, { padding: string }>

const insets = <K extends Space>(...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, { paddingInline: vars.space[key] }])) as Record<
    K,
    { paddingInline: string }
  >

/** Inputs, selects and textareas: a 44px target on the page's background, a muted border. */
export const control = recipe({
  base: {
    minHeight: '44px',
    border: `1px solid ${vars.color.textMuted}`,
    borderRadius: vars.radius.small,
    background: vars.color.background,
    color: vars.color.text,
    font: 'inherit',
  },
  variants: {
    /** `full`: the field's width; `fit`: its content's, never wider than its box. */
    width: { full: { width: '100%' }, fit: { maxWidth: '100%' } },
    /** `text`: room above and below the text; `select`: a select's own; `compact`: a select in a table row. */
    padding: {
      text: { paddingInline: vars.space['3'], paddingBlock: vars.space['2'] },
      select: { paddingInline: vars.space['3'] },
      compact: { paddingInline: vars.space['2'] },
    },
    /** The invalid state (aria-invalid) shows as a thicker border in the danger colour, besides its message. */
    invalid: {
      marked: { selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } } },
      none: {},
    },
  },
  defaultVariants: { width: 'full', padding: 'text', invalid: 'none' },
})

const centred = { display: 'inline-flex', alignItems: 'center', justifyContent: 'center' } as const

/**
 * Buttons (and links that look like them): `primary` filled, `secondary` outlined, both large;
 * `small` an outlined 44px action of a list or a table; `danger` a destructive one (`small`
 * beside the others, `large` on its own); `link` a button that reads as a link.
 */
export const button = recipe({
  base: { minHeight: '44px', cursor: 'pointer', font: 'inherit' },
  variants: {
    tone: {
      primary: {
        ...centred,
        paddingInline: vars.space['5'],
        borderRadius: vars.radius.medium,
        border: `2px solid ${vars.color.accent}`,
        background: vars.color.accent,
        color: vars.color.accentText,
        textDecoration: 'none',
        selectors: {
          '&:hover': {
            background: vars.color.accentHover,
            borderColor: vars.color.accentHover,
            color: vars.color.accentText,
          },
        },
      },
      secondary: {
        ...centred,
        paddingInline: vars.space['5'],
        borderRadius: vars.radius.medium,
        border: `2px solid ${vars.color.accent}`,
        background: 'transparent',
        color: vars.color.accent,
        textDecoration: 'none',
        selectors: {
          '&:hover': {
            background: vars.color.accentSoft,
            borderColor: vars.color.accentHover,
            color: vars.color.accentHover,
          },
        },
      },
      small: {
        ...centred,
        gap: vars.space['2'],
        minWidth: '44px',
        paddingInline: vars.space['3'],
        borderRadius: vars.radius.small,
        border: `1px solid ${vars.color.accent}`,
        background: vars.color.background,
        color: vars.color.accent,
        fontWeight: 600,
        // a long label ("Mostrar los valores registrados") wraps at 320 px rather than widen the page
        maxWidth: '100%',
        textAlign: 'center',
        textDecoration: 'none',
        selectors: {
          '&:hover': { background: vars.color.accentSoft, color: vars.color.accentHover },
          '&:disabled, &[aria-disabled="true"]': { cursor: 'progress', opacity: 0.75 },
        },
      },
      danger: { ...centred, color: vars.color.danger, fontWeight: 600 },
      /** Only the base (a 44px target, a pointer, the page's font): the screen's style draws it. */
      none: {},
      link: {
        background: 'none',
        border: 'none',
        padding: 0,
        color: vars.color.accent,
        textDecoration: 'underline',
      },
    },
    /** Only for `danger`: `small` beside other small actions, `large` on its own. */
    size: {
      small: {
        minWidth: '44px',
        paddingInline: vars.space['3'],
        borderRadius: vars.radius.small,
        border: `1px solid ${vars.color.danger}`,
        background: vars.color.background,
        whiteSpace: 'nowrap',
      },
      large: {
        paddingInline: vars.space['4'],
        borderRadius: vars.radius.medium,
        border: `2px solid ${vars.color.danger}`,
        background: 'transparent',
        justifySelf: 'start',
        selectors: { '&:hover': { background: vars.color.surface } },
      },
      none: {},
    },
  },
  defaultVariants: { tone: 'primary', size: 'none' },
})

/**
 * A panel: a bordered box. `tone` is its border and background: `surface` (a form, a filter bar),
 * `raised` (a card), `outline` (border only), `strong` (a message, with a control's border),
 * `danger` (a confirmation or a failure), `dashed` (a note). `stack` lays its children out as a
 * grid with that gap.
 */
export const panel = recipe({
  variants: {
    tone: {
      surface: { border: `1px solid ${vars.color.border}`, background: vars.color.surface },
      raised: { border: `1px solid ${vars.color.border}`, background: vars.color.surfaceRaised },
      outline: { border: `1px solid ${vars.color.border}` },
      strong: { border: `1px solid ${vars.color.textMuted}`, background: vars.color.background },
      strongOutline: { border: `1px solid ${vars.color.textMuted}` },
      danger: { border: `2px solid ${vars.color.danger}`, background: vars.color.surface },
      dangerOnPage: { border: `2px solid ${vars.color.danger}`, background: vars.color.background },
      dashed: { border: `1px dashed ${vars.color.textMuted}`, background: vars.color.surface, color: vars.color.text },
      accent: { border: `2px solid ${vars.color.accent}`, background: vars.color.surfaceRaised },
      accentSoft: { border: `2px solid ${vars.color.accent}`, background: vars.color.accentSoft },
    },
    radius: {
      small: { borderRadius: vars.radius.small },
      medium: { borderRadius: vars.radius.medium },
      large: { borderRadius: vars.radius.large },
    },
    padding: { ...paddings('1', '3', '4', '5', '6'), none: {} },
    stack: { ...gaps('1', '2', '3', '4'), none: {} },
    /** A grid item may shrink below its longest word (0), so long names wrap instead of widening the page. */
    shrink: { true: { minWidth: 0 }, false: {} },
  },
  compoundVariants: (['1', '2', '3', '4'] as const).map((gap) => ({
    variants: { stack: gap },
    style: { display: 'grid' },
  })),
  defaultVariants: { tone: 'surface', radius: 'medium', padding: '4', stack: 'none', shrink: false },
})

/**
 * A list without bullets whose items stand in a column, a wrapping row or one line (`line`: a nav
 * bar, a tab row that scrolls) with a gap (`none`: the screen's own, such as a row gap and a column gap).
 */
export const stackList = recipe({
  base: { listStyle: 'none', margin: 0, padding: 0 },
  variants: {
    direction: {
      column: { display: 'grid' },
      row: { display: 'flex', flexWrap: 'wrap' },
      line: { display: 'flex' },
    },
    gap: { ...gaps('1', '2', '3', '4'), none: {} },
  },
  defaultVariants: { direction: 'column', gap: '3' },
})

/** A row (actions, a header's title and its links, a toolbar) that wraps on a narrow screen. */
export const cluster = recipe({
  base: { display: 'flex', flexWrap: 'wrap' },
  variants: {
    gap: gaps('2', '3'),
    align: {
      center: { alignItems: 'center' },
      start: { alignItems: 'flex-start' },
      baseline: { alignItems: 'baseline' },
      end: { alignItems: 'end' },
      none: {},
    },
    justify: {
      between: { justifyContent: 'space-between' },
      center: { justifyContent: 'center' },
      end: { justifyContent: 'flex-end' },
      none: {},
    },
  },
  defaultVariants: { gap: '2', align: 'center', justify: 'none' },
})

/**
 * A target of at least 44 px (48 px in the phone menu) whose content is centred on its line: a link
 * or an option of a nav, a tab row or a list. `inline` flows in its line, `block` takes its row;
 * `inset` is the room each side of its text. The screen's style adds its colours and states.
 */
export const target = recipe({
  base: { alignItems: 'center' },
  variants: {
    display: { inline: { display: 'inline-flex' }, block: { display: 'flex' } },
    height: { regular: { minHeight: '44px' }, large: { minHeight: '48px' } },
    inset: { ...insets('2', '3', '4', '5'), none: {} },
    gap: { ...gaps('1', '2', '3'), none: {} },
  },
  defaultVariants: { display: 'inline', height: 'regular', inset: '3', gap: 'none' },
})

/** A status badge's shape (a class of its own, so that other styles may name it in a selector). */
export const badgeBase = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  paddingInline: vars.space['2'],
  paddingBlock: '0.125rem',
  borderRadius: vars.radius.round,
  border: '1px solid transparent',
  fontSize: vars.fontSize.small,
  fontWeight: 600,
  lineHeight: 1.4,
  whiteSpace: 'nowrap',
})

/** A status badge; the word inside always says the status, the tone only repeats it. */
export const badge = recipe({
  base: badgeBase,
  variants: {
    tone: {
      neutral: { background: vars.color.surface, color: vars.color.text, borderColor: vars.color.textMuted },
      active: { background: vars.color.accentSoft, color: vars.color.accent, borderColor: vars.color.accent },
      done: { background: vars.color.accent, color: vars.color.accentText, borderColor: vars.color.accent },
      alert: { background: vars.color.background, color: vars.color.danger, borderColor: vars.color.danger },
      warning: { background: vars.color.warningSoft, color: vars.color.warning, borderColor: vars.color.warning },
      muted: { background: vars.color.background, color: vars.color.textMuted, borderColor: vars.color.border },
    },
  },
  defaultVariants: { tone: 'neutral' },
})

export type BadgeTone = NonNullable<NonNullable<RecipeVariants<typeof badge>>['tone']>

/** Code and column names in running text. */
export const code = recipe({
  base: { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: vars.fontSize.small },
  variants: { wrap: { anywhere: { overflowWrap: 'anywhere' }, none: {} } },
  defaultVariants: { wrap: 'none' },
})

/** A fieldset without its frame: its legend and choices stand in a column. */
export const bareFieldset = recipe({
  base: { border: 0, margin: 0, padding: 0, display: 'grid', minWidth: 0 },
  variants: { gap: gaps('2', '3') },
  defaultVariants: { gap: '2' },
})
