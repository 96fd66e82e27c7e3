import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { buttonSecondary } from '@/components/ui/layout.css'
import { cluster } from '@/components/ui/recipes.css'

// The button and the file's name on one line while they fit, the name under the button when not.
export const control = style([cluster(), { minHeight: '44px', minWidth: 0 }])

export const button = style([
  buttonSecondary,
  {
    paddingInline: vars.space['4'],
    selectors: {
      '&[aria-invalid="true"]': { borderColor: vars.color.danger },
    },
  },
])

export const chosen = style({ minWidth: 0, overflowWrap: 'anywhere', fontWeight: 600 })

export const none = style([chosen, { fontWeight: 400, color: vars.color.textMuted }])
