import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const strength = style({ display: 'grid', gap: vars.space['1'] })

export const track = style({
  height: '0.5rem',
  borderRadius: vars.radius.large,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  overflow: 'hidden',
})

const fill = style({ height: '100%' })

export const bar = styleVariants({
  weak: [fill, { width: '25%', background: vars.color.danger }],
  fair: [fill, { width: '50%', background: vars.color.textMuted }],
  good: [fill, { width: '75%', background: vars.color.accent }],
  strong: [fill, { width: '100%', background: vars.color.accent }],
})

export const label = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.small })

/** The meter's place before anything is typed (PasswordStrength's keepPlace). */
export const placeholder = style({ visibility: 'hidden' })
