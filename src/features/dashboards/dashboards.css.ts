// The dashboards' frame: full width of the page, tall enough to read a report on a phone and on a
// desktop; the chooser of dashboards as a wrapping row of buttons.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const chooser = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
})

export const viewer = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 })

export const viewerHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  justifyContent: 'space-between',
  gap: vars.space['2'],
  minWidth: 0,
})

export const frame = style({
  display: 'block',
  width: '100%',
  height: 'max(28rem, 75vh)',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: vars.color.surface,
})

export const peopleList = style({
  border: 0,
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space['2'],
  minWidth: 0,
})

/** The chooser's button of the dashboard shown: filled, like a primary button (aria-pressed says it). */
export const choice = style({
  selectors: {
    '&[aria-pressed="true"], &[aria-pressed="true"]:hover': {
      background: vars.color.accent,
      color: vars.color.accentText,
    },
  },
})
