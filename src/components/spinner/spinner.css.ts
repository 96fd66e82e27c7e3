import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })

export const wrapper = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space['3'],
  minHeight: '40vh',
  color: vars.color.textMuted,
})

export const ring = style({
  width: '1.75rem',
  height: '1.75rem',
  borderRadius: vars.radius.round,
  border: `3px solid ${vars.color.border}`,
  borderTopColor: vars.color.accent,
  animation: `${spin} 0.8s linear infinite`,
})
