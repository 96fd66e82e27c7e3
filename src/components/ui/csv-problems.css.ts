// The problems a CSV import found: a list in the danger colour.
import { style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'

export const problemList = style({ margin: 0, paddingInlineStart: vars.space['4'], color: vars.color.danger })
