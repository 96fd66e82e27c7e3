import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { media } from '../../styles/tokens'
import { stackList, target } from '../ui/recipes.css'

export const header = style({
  position: 'fixed',
  insetInline: 0,
  top: 0,
  zIndex: 10,
  height: vars.layout.headerHeight,
  background: vars.color.background,
  borderBottom: `1px solid ${vars.color.border}`,
})

export const bar = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['3'],
  height: '100%',
})

export const brand = style([
  target({ gap: '2', inset: 'none' }),
  {
    color: vars.color.text,
    fontWeight: 800,
    fontSize: '1.125rem',
    letterSpacing: '-0.01em',
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    selectors: { '&:hover': { color: vars.color.text } },
  },
])

export const logo = style({ width: '2rem', height: '2rem', color: vars.color.accent })

/** From here the bar is at its full width (72 rem) and holds every entry on one line in Spanish. */
const wide = 'screen and (min-width: 1200px)'

export const desktopNav = style({
  display: 'none',
  marginInlineStart: vars.space['5'],
  '@media': { [media.desktop]: { display: 'block' } },
})

export const navList = style([stackList({ direction: 'line', gap: '1' }), { alignItems: 'center' }])

// From 1200 px the bar has room for every link on one line (decision 0041); the menus' panels wrap.
globalStyle(`${navList} > li > a`, { '@media': { [wide]: { whiteSpace: 'nowrap' } } })

/** How a link of the site's nav reads, in the bar and in the phone menu: the accent when it is the page's. */
export const navLinkLook = style({
  color: vars.color.text,
  fontWeight: 600,
  textDecoration: 'none',
  selectors: {
    '&:hover': { background: vars.color.accentSoft, color: vars.color.text },
    '&[aria-current="page"]': { color: vars.color.accent },
  },
})

export const navLink = style([target(), navLinkLook, { borderRadius: vars.radius.medium }])

export const actions = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space['2'],
  marginInlineStart: 'auto',
})

export const cta = style({
  display: 'none',
  '@media': { [media.tablet]: { display: 'inline-flex' } },
})

/**
 * The header's link to the case studies (decision 0041): shown where the bar has room for it on
 * one line in both languages; narrower desktops reach the case studies from the footer.
 */
export const wideOnly = style({
  display: 'none',
  '@media': { [wide]: { display: 'list-item' } },
})
