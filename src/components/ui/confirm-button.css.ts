// The in-place confirmation of a destructive action and its button.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const confirm = style({
  display: 'grid',
  gap: vars.space['2'],
  padding: vars.space['3'],
  border: `2px solid ${vars.color.danger}`,
  borderRadius: vars.radius.small,
  background: vars.color.background,
})

export const dangerButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minHeight: '44px',
  minWidth: '44px',
  paddingInline: vars.space['3'],
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.danger}`,
  background: vars.color.background,
  color: vars.color.danger,
  font: 'inherit',
  fontWeight: 600,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
})
