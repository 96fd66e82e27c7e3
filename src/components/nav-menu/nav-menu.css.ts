import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { target } from '@/components/ui/recipes.css'

export const root = style({ position: 'relative' })

export const trigger = style([
  target({ gap: '1' }),
  {
    border: 0,
    borderRadius: vars.radius.medium,
    background: 'transparent',
    color: vars.color.text,
    font: 'inherit',
    fontWeight: 600,
    textDecoration: 'none', // a link to the footer's list before the page's script runs
    cursor: 'pointer',
    selectors: {
      '&:hover, &[aria-expanded="true"]': { background: vars.color.accentSoft },
      '&[data-current="true"]': { color: vars.color.accent },
    },
  },
])

export const chevron = style({
  width: '0.75rem',
  height: '0.75rem',
  transition: 'transform 150ms ease',
  selectors: { [`${trigger}[aria-expanded="true"] &`]: { transform: 'rotate(180deg)' } },
})

export const list = style({
  position: 'absolute',
  top: 'calc(100% + 4px)',
  insetInlineStart: 0,
  zIndex: 20,
  minWidth: '17rem',
  margin: 0,
  padding: vars.space['2'],
  listStyle: 'none',
  background: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.raised,
  selectors: { '&[hidden]': { display: 'none' } },
})

export const item = style({
  display: 'block',
  padding: `${vars.space['2']} ${vars.space['3']}`,
  borderRadius: vars.radius.small,
  color: vars.color.text,
  textDecoration: 'none',
  // The same look for buttons (sign out) as for links.
  width: '100%',
  textAlign: 'start',
  background: 'none',
  border: 'none',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover, &:focus-visible': { background: vars.color.accentSoft, color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.accent, fontWeight: 600 },
  },
})

export const itemSummary = style({
  display: 'block',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
})
