// Form controls shared by every form: labels above inputs, hints and errors tied to the input,
// 44px targets, a visible focus ring, and errors marked by text and colour, never colour alone.
import { globalStyle, style } from '@vanilla-extract/css'
import { control, panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const form = style({ display: 'grid', gap: vars.space['4'] })

export const field = style({ display: 'grid', gap: vars.space['1'] })

export const label = style({ fontWeight: 600 })

export const hint = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted })

export const error = style({ fontSize: vars.fontSize.small, color: vars.color.danger, fontWeight: 600 })

export const input = control({ invalid: 'marked' })

export const passwordRow = style({ display: 'flex', gap: vars.space['2'], alignItems: 'stretch' })

// In the password row the input takes every pixel the 44px icon button leaves.
globalStyle(`${passwordRow} > input`, { minWidth: 0, flex: '1 1 auto' })

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  minHeight: '44px',
  padding: 0,
  border: `1px solid ${vars.color.textMuted}`,
  borderRadius: vars.radius.small,
  background: vars.color.surface,
  color: vars.color.text,
  cursor: 'pointer',
  flexShrink: 0,
  selectors: {
    '&[aria-pressed="true"]': { background: vars.color.accentSoft, borderColor: vars.color.accent },
  },
})

export const toggleIcon = style({ width: '1.5rem', height: '1.5rem' })

export const alert = style([panel({ tone: 'danger', radius: 'small', padding: '3' }), { color: vars.color.text }])

export const notice = style([panel({ tone: 'accentSoft', radius: 'small', padding: '3' }), { color: vars.color.text }])

export const checkList = style({ listStyle: 'none', padding: 0, margin: 0, display: 'grid', gap: vars.space['1'] })

export const checkMet = style({ color: vars.color.accent, fontWeight: 600 })

export const checkUnmet = style({ color: vars.color.textMuted })

export const textarea = style({ minHeight: '8rem', resize: 'vertical' })

export const checkboxRow = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space['2'] })

// 24px: the smallest target WCAG 2.5.8 allows
export const checkbox = style({ width: '1.5rem', height: '1.5rem', marginTop: 0, flexShrink: 0 })
