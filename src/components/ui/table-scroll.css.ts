// The frame of a wide table: a horizontally scrolling region, shadows at the edges that still
// hide columns, and a line of text saying so (the shadows alone are a cue for the eye only).
import { createContainer, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

/** The frame is a size container: a table inside lays itself out by the room it has (cards when narrow). */
export const tableFrame = createContainer()

export const frame = style({
  display: 'grid',
  gap: vars.space['1'],
  minWidth: 0,
  containerType: 'inline-size',
  containerName: tableFrame,
  // the class's display would otherwise win over the hidden attribute (a table behind a button)
  selectors: { '&[hidden]': { display: 'none' } },
})

/** The box that scrolls. */
export const region = style({
  // positioned, so a visually hidden caption stays inside the scrolling box, not the page
  position: 'relative',
  overflowX: 'auto',
  maxWidth: '100%',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
})

export const hint = style({
  margin: 0,
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
})

const edge = {
  content: '""',
  position: 'absolute',
  insetBlock: 0,
  width: '1.25rem',
  pointerEvents: 'none',
  opacity: 0,
  transition: 'opacity 150ms',
  zIndex: 1,
} as const

// Positioned and not scrolling itself, so the edge shadows stay put while the table moves.
export const edges = style({
  position: 'relative',
  minWidth: 0,
  selectors: {
    '&::before': {
      ...edge,
      insetInlineStart: 0,
      borderStartStartRadius: vars.radius.medium,
      borderEndStartRadius: vars.radius.medium,
      background: 'linear-gradient(to right, rgb(0 0 0 / 0.22), transparent)',
    },
    '&::after': {
      ...edge,
      insetInlineEnd: 0,
      borderStartEndRadius: vars.radius.medium,
      borderEndEndRadius: vars.radius.medium,
      background: 'linear-gradient(to left, rgb(0 0 0 / 0.22), transparent)',
    },
    '&[data-more-start="true"]::before': { opacity: 1 },
    '&[data-more-end="true"]::after': { opacity: 1 },
  },
})
