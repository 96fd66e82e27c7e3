// The notification settings page: one column of text and a form panel whose choices sit two by
// two on wide screens and one under the other from 320px up.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const page = style({ display: 'grid', gap: vars.space['5'], maxWidth: '52rem', minWidth: 0 })

export const title = style({ margin: 0 })

export const lead = style({ margin: 0, color: vars.color.textMuted })

export const fieldset = style({ border: 0, margin: 0, padding: 0, display: 'grid', gap: vars.space['3'], minWidth: 0 })

export const legend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space['3'] })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })
