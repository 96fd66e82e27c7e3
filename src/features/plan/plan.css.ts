// The plan's timeline (a list of phases, each with a bar placed on the plan's dates, and its
// milestones) and its burn-down chart: theme colours through classes; the ideal line dashed and
// the actual line solid, so they differ without colour.
import { style } from '@vanilla-extract/css'
import { code as codeRecipe, panel, stackList } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const totals = style({
  display: 'grid',
  gap: vars.space['3'],
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  margin: 0,
})

export const total = panel({ tone: 'raised', padding: '3', stack: '1' })

export const totalTerm = style({ fontSize: vars.fontSize.small, color: vars.color.textMuted })

export const totalValue = style({ margin: 0, fontWeight: 700, fontVariantNumeric: 'tabular-nums' })

export const timeline = stackList({ gap: '3' })

export const phase = panel({ tone: 'raised', padding: '3', stack: '2', shrink: true })

export const phaseHeader = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  gap: `${vars.space['1']} ${vars.space['3']}`,
})

export const phaseTitle = style({ margin: 0, fontSize: vars.fontSize.body, fontWeight: 700, overflowWrap: 'anywhere' })

export const track = style({
  position: 'relative',
  height: '0.75rem',
  borderRadius: vars.radius.round,
  background: vars.color.background,
  border: `1px solid ${vars.color.border}`,
})

export const span = style({
  position: 'absolute',
  top: 0,
  bottom: 0,
  minWidth: '0.5rem',
  borderRadius: vars.radius.round,
  background: vars.color.accent,
})

export const spanPlanned = style([span, { background: vars.color.textMuted, opacity: 0.5 }])

export const today = style({
  position: 'absolute',
  top: '-0.25rem',
  bottom: '-0.25rem',
  width: '2px',
  background: vars.color.text,
})

export const milestones = stackList({ gap: '1' })

export const milestone = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space['2']}`,
  fontSize: vars.fontSize.small,
})

export const diamond = style({ color: vars.color.accent })

export const actualLine = style({ fill: 'none', stroke: vars.color.accent, strokeWidth: 2.5, strokeLinejoin: 'round' })

export const idealLine = style({ fill: 'none', stroke: vars.color.textMuted, strokeWidth: 2, strokeDasharray: '6 4' })

export const todayLine = style({ stroke: vars.color.text, strokeWidth: 1, strokeDasharray: '2 3' })

export const overrideNote = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted })

export const figure = style({ margin: 0, display: 'grid', gap: vars.space['3'], minWidth: 0 })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' })

export const code = codeRecipe()
