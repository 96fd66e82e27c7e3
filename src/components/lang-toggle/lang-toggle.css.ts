import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const group = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space['1'],
  color: vars.color.textMuted,
})

export const option = style({
  // A button once the app runs; a link before (prerendered page, JavaScript off).
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  textDecoration: 'none',
  minWidth: '44px',
  minHeight: '44px',
  padding: 0,
  border: 0,
  borderRadius: vars.radius.small,
  background: 'transparent',
  color: vars.color.textMuted,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  selectors: {
    '&:hover': { color: vars.color.text },
    '&[aria-pressed="true"], &[aria-current="true"]': {
      color: vars.color.accent,
      textDecoration: 'underline',
      textDecorationThickness: '2px',
      textUnderlineOffset: '0.35em',
    },
  },
})
