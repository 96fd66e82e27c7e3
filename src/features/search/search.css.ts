// The search page: the field takes the row beside its button (both 44px high), and each result
// is a link on its own line with its project or organization under it, wrapping at any width.
import { globalStyle, style } from '@vanilla-extract/css'
import { stackList } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const form = style({ display: 'flex', gap: vars.space['2'], alignItems: 'stretch', maxWidth: '40rem' })

globalStyle(`${form} > input`, { flex: '1 1 auto', minWidth: 0 })

export const list = stackList({ gap: '3' })

export const item = style({ overflowWrap: 'anywhere' })

globalStyle(`${item} > a`, { display: 'inline-flex', alignItems: 'center', minHeight: '24px', fontWeight: 600 })

export const context = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted })
