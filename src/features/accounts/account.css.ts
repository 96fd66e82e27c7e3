// The account page: one column of cards (profile, language, password, two-step verification),
// readable from 320px up.
import { globalStyle, style } from '@vanilla-extract/css'
import { bareFieldset, button, panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const page = style({ display: 'grid', gap: vars.space['5'], maxWidth: '46rem' })

export const pageTitle = style({ margin: 0 })

export const lead = style({ color: vars.color.textMuted, margin: 0 })

export const section = style([
  panel({ tone: 'raised', radius: 'large', stack: '4', shrink: true }),
  { '@media': { [media.tablet]: { padding: vars.space['6'] } } },
])

// On narrow screens the input beside a button (the password fields' "Show password") gives way;
// the button keeps its label whole.
globalStyle(`${section} input`, { minWidth: 0 })
globalStyle(`${section} input + button`, { flexShrink: 0 })

export const sectionTitle = style({ fontSize: vars.fontSize.h3, margin: 0 })

export const subTitle = style({ fontSize: vars.fontSize.body, margin: 0 })

export const intro = style({ color: vars.color.textMuted, margin: 0 })

export const text = style({ margin: 0 })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })

export const fieldset = bareFieldset({ gap: '2' })

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space['2'] })

export const choice = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  minHeight: '44px',
  cursor: 'pointer',
})

// 24px: the smallest target WCAG 2.5.8 allows
export const radio = style({ width: '1.5rem', height: '1.5rem', margin: 0, accentColor: vars.color.accent })

export const status = style({ fontWeight: 600, margin: 0 })

export const factorList = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space['3'] })

export const factor = panel({ tone: 'outline', padding: '3', stack: '3' })

export const factorName = style({ fontWeight: 600, margin: 0, overflowWrap: 'anywhere' })

export const factorMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.small, margin: 0 })

export const confirm = panel({ tone: 'danger', radius: 'small', padding: '3', stack: '3' })

export const steps = style({
  margin: 0,
  paddingInlineStart: vars.space['5'],
  display: 'grid',
  gap: vars.space['5'],
})

export const step = style({ display: 'grid', gap: vars.space['3'], minWidth: 0 })

export const qrFrame = style({
  justifySelf: 'start',
  padding: vars.space['2'],
  background: '#ffffff',
  borderRadius: vars.radius.small,
  border: `1px solid ${vars.color.border}`,
})

export const qr = style({ width: '12rem', height: '12rem' })

export const keyRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space['3'] })

export const secret = style({
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", monospace',
  fontSize: vars.fontSize.lead,
  letterSpacing: '0.05em',
  padding: `${vars.space['1']} ${vars.space['2']}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.small,
  overflowWrap: 'anywhere',
  userSelect: 'all',
})

export const copied = style({ color: vars.color.accent, fontWeight: 600, fontSize: vars.fontSize.small })

export const dangerButton = button({ tone: 'danger', size: 'large' })
