// An on/off switch: a track whose thumb sits left and hollow when off, right and filled in the
// accent colour when on, beside the state in words; every edge at 3:1 at least (WCAG 1.4.11).
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const control = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['2'],
  minHeight: '44px',
  padding: `0 ${vars.space['2']}`,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  textAlign: 'start',
  selectors: {
    '&:hover': { background: vars.color.accentSoft },
    '&[aria-disabled="true"]': { cursor: 'progress', opacity: 0.75 },
  },
})

export const track = style({
  position: 'relative',
  flex: 'none',
  width: '2.75rem',
  height: '1.5rem',
  borderRadius: vars.radius.round,
  border: `2px solid ${vars.color.textMuted}`,
  background: vars.color.background,
  transition: 'background-color 120ms, border-color 120ms',
  selectors: {
    '[aria-checked="true"] > &': { background: vars.color.accent, borderColor: vars.color.accent },
  },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
})

export const thumb = style({
  position: 'absolute',
  top: '2px',
  left: '2px',
  width: '1rem',
  height: '1rem',
  borderRadius: vars.radius.round,
  background: vars.color.textMuted,
  transition: 'transform 120ms',
  selectors: {
    [`[aria-checked="true"] > ${track} > &`]: { transform: 'translateX(1.25rem)', background: vars.color.accentText },
  },
  '@media': { [media.reducedMotion]: { transition: 'none' } },
})

export const state = style({
  fontWeight: 600,
  selectors: { '[aria-checked="true"] > &': { color: vars.color.accent } },
})
