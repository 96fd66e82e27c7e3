import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { media } from '../../styles/tokens'
import { target } from '../ui/recipes.css'
import { navLinkLook } from './header.css'

export const toggle = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '44px',
  height: '44px',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  background: 'transparent',
  color: vars.color.text,
  cursor: 'pointer',
  '@media': { [media.desktop]: { display: 'none' } },
})

export const icon = style({ width: '1.5rem', height: '1.5rem' })

export const panel = style({
  position: 'fixed',
  top: vars.layout.headerHeight,
  insetInline: 0,
  bottom: 0,
  overflowY: 'auto',
  padding: `${vars.space['4']} ${vars.space['4']} ${vars.space['7']}`,
  background: vars.color.background,
  borderTop: `1px solid ${vars.color.border}`,
  selectors: { '&[hidden]': { display: 'none' } },
  '@media': { [media.desktop]: { display: 'none' } },
})

export const groupTitle = style({
  margin: `${vars.space['4']} 0 ${vars.space['2']}`,
  fontSize: vars.fontSize.small,
  fontWeight: 700,
  letterSpacing: '0.06em',
  textTransform: 'uppercase',
  color: vars.color.textMuted,
})

export const list = style({ margin: 0, padding: 0, listStyle: 'none' })

export const link = style([
  target({ display: 'block', height: 'large', inset: '2' }),
  navLinkLook,
  { borderRadius: vars.radius.small },
])
