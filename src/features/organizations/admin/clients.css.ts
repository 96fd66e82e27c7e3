// The clients and team pages: the search bar, two-column forms on wide screens, the inline
// confirmation of an account action and the role editor of a team row.
import { style } from '@vanilla-extract/css'
import { cluster, control, panel } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const toolbar = cluster({ gap: '3', align: 'end', justify: 'between' })

export const search = style({ flex: '1 1 16rem', maxWidth: '28rem' })

export { formGrid, formPanel, fullWidth } from '@/components/ui/form-layout.css'

export const formActions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })

export const confirm = style([
  panel({ tone: 'dangerOnPage', radius: 'small', padding: '3', stack: '2' }),
  { minWidth: '14rem', whiteSpace: 'normal' },
])

export const confirmText = style({ margin: 0, fontWeight: 600 })

export const actionCell = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'flex-start' })

export const roleForm = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' })

export const roleSelect = control({ width: 'fit', padding: 'compact' })

export const nameCell = style({ fontWeight: 600, overflowWrap: 'anywhere' })

export const explanation = style({
  margin: 0,
  padding: vars.space['3'],
  borderInlineStart: `4px solid ${vars.color.accent}`,
  background: vars.color.surface,
  maxWidth: vars.layout.textWidth,
})

/** The "make a super admin?" step below a role select: the question, then its two buttons. */
export const confirmPromotion = style([
  panel({ tone: 'danger', radius: 'small', padding: '3', stack: '2' }),
  { flexBasis: '100%', maxWidth: '32rem' },
])

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['2'], alignItems: 'center' })
