// The application frame of the portal and the admin area: a bar on top, the area's navigation
// (a side bar on wide screens, a disclosure panel under the bar on phones) and the content.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'
import { button, target } from '@/components/ui/recipes.css'

export const shell = style({
  minHeight: '100vh',
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gridTemplateRows: 'auto auto 1fr',
  gridTemplateAreas: '"bar" "nav" "main"',
  background: vars.color.background,
  '@media': {
    [media.desktop]: {
      gridTemplateColumns: '15rem minmax(0, 1fr)',
      gridTemplateRows: 'auto 1fr',
      gridTemplateAreas: '"bar bar" "nav main"',
    },
  },
})

export const skipLink = style({
  position: 'absolute',
  left: vars.space['3'],
  top: '-100px',
  zIndex: 30,
  padding: vars.space['3'],
  background: vars.color.surfaceRaised,
  color: vars.color.text,
  selectors: { '&:focus': { top: vars.space['3'] } },
})

export const bar = style({
  gridArea: 'bar',
  position: 'sticky',
  top: 0,
  zIndex: 20,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '56px',
  paddingInline: vars.space['3'],
  background: vars.color.surfaceRaised,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': { [media.desktop]: { paddingInline: vars.space['5'], gap: vars.space['4'] } },
})

export const brand = style([
  target({ gap: '2', inset: 'none' }),
  {
    minWidth: 0,
    color: vars.color.text,
    textDecoration: 'none',
    fontWeight: 700,
  },
])

export const logo = style({ width: '28px', height: '28px', flexShrink: 0, color: vars.color.accent })

export const brandText = style({ display: 'grid', minWidth: 0, lineHeight: 1.2 })

export const firm = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted, fontWeight: 400 })

// Wraps at 320 px ("Portal de clientes" beside the bell and the menu) rather than lose letters.
export const areaName = style({ overflowWrap: 'break-word' })

export const spacer = style({ flex: 1 })

/** Shown on phones only (the compact bar's bell and menu toggle; the panel's account block). */
export const phoneOnly = style({ '@media': { [media.desktop]: { display: 'none !important' } } })

/** Shown on wide screens only (the bar's language switch and account menu). */
export const wideOnly = style({
  display: 'none !important',
  '@media': { [media.desktop]: { display: 'flex !important' } },
})

export const iconButton = style({
  position: 'relative',
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '44px',
  minHeight: '44px',
  padding: 0,
  border: `1px solid transparent`,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  textDecoration: 'none',
  selectors: { '&:hover': { borderColor: vars.color.border } },
})

export const icon = style({ width: '24px', height: '24px' })

export const countBadge = style({
  position: 'absolute',
  top: '2px',
  right: '0',
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.25rem',
  height: '1.25rem',
  paddingInline: '4px',
  borderRadius: vars.radius.round,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: '0.75rem',
  fontWeight: 700,
})

export const nav = style({
  gridArea: 'nav',
  display: 'none',
  padding: vars.space['3'],
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { '&[data-open="true"]': { display: 'block' } },
  '@media': {
    [media.desktop]: {
      display: 'block',
      position: 'sticky',
      top: '56px',
      alignSelf: 'start',
      height: 'calc(100vh - 56px)',
      overflowY: 'auto',
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
    },
  },
})

export const organization = style({
  margin: `0 0 ${vars.space['3']}`,
  paddingInline: vars.space['3'],
  color: vars.color.textMuted,
  fontSize: vars.fontSize.small,
})

export const navList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['1'] })

export const navLink = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: `${vars.space['1']} ${vars.space['2']}`,
  paddingBlock: vars.space['1'],
  minHeight: '44px',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.small,
  color: vars.color.text,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.accentSoft },
    '&[aria-current="page"]': { background: vars.color.accentSoft, color: vars.color.accent, fontWeight: 600 },
  },
})

// The count in words ("3 unread messages"): one line of its own under the label when both do
// not fit the side bar's width.
export const badge = style({
  display: 'inline-grid',
  placeItems: 'center',
  minWidth: '1.5rem',
  minHeight: '1.5rem',
  paddingInline: vars.space['2'],
  whiteSpace: 'nowrap',
  borderRadius: vars.radius.round,
  background: vars.color.accent,
  color: vars.color.accentText,
  fontSize: vars.fontSize.small,
  fontWeight: 700,
})

export const account = style({
  display: 'grid',
  gap: vars.space['3'],
  marginTop: vars.space['4'],
  paddingTop: vars.space['4'],
  paddingInline: vars.space['3'],
  borderTop: `1px solid ${vars.color.border}`,
})

export const person = style({ margin: 0, display: 'grid', minWidth: 0, overflowWrap: 'anywhere' })

export const personEmail = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small })

export const signOut = style([
  button({ tone: 'none' }),
  {
    justifySelf: 'start',
    paddingInline: vars.space['4'],
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.small,
    background: vars.color.surfaceRaised,
    color: vars.color.text,
  },
])

export const main = style({
  gridArea: 'main',
  minWidth: 0,
  paddingBlock: vars.space['5'],
  paddingInline: vars.space['3'],
  outline: 'none',
  '@media': {
    [media.tablet]: { paddingInline: vars.space['5'] },
    [media.desktop]: { paddingInline: vars.space['6'], paddingBlock: vars.space['6'] },
  },
})

export const content = style({ maxWidth: '72rem', marginInline: 'auto' })

export const pendingLabel = style({ margin: 0, color: vars.color.textMuted })

globalStyle(`${bar} [role="group"]`, { flexShrink: 0 })

// The notice shown while the live connection is lost.
export const connectionLost = style({
  margin: `0 0 ${vars.space['4']}`,
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.medium,
  border: `1px solid ${vars.color.danger}`,
  color: vars.color.text,
  background: vars.color.surface,
  fontWeight: 600,
})

// The frame while the area's guard and data load (app-shell-pending.tsx): the bar's controls,
// the navigation's entries and the page's heading as placeholders of their size.
export const pendingControl = style({ width: '44px', height: '44px', flexShrink: 0 })

export const pendingAccount = style({
  width: '9rem',
  height: '1rem',
  alignSelf: 'center',
  borderRadius: vars.radius.small,
  background: vars.color.border,
})

export const pendingNavItem = style({
  display: 'flex',
  alignItems: 'center',
  minHeight: '44px',
  paddingInline: vars.space['3'],
})

export const pendingHeading = style({
  width: '40%',
  height: '2rem',
  borderRadius: vars.radius.small,
  background: vars.color.border,
})
