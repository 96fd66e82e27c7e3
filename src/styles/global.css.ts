// Document-wide rules: box model, typography, focus ring and reduced motion.
import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css'
import { media } from './tokens'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })

globalStyle('html', {
  colorScheme: 'light dark',
  WebkitTextSizeAdjust: '100%',
  scrollPaddingTop: vars.layout.headerHeight,
})

globalStyle('body', {
  margin: 0,
  minWidth: '320px',
  background: vars.color.background,
  color: vars.color.text,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.body,
  lineHeight: 1.6,
  textRendering: 'optimizeLegibility',
})

globalStyle('h1, h2, h3, h4', {
  fontFamily: vars.font.heading,
  lineHeight: 1.2,
  margin: `0 0 ${vars.space['4']}`,
  textWrap: 'balance',
})
globalStyle('h1', { fontSize: vars.fontSize.h1, letterSpacing: '-0.02em' })
globalStyle('h2', { fontSize: vars.fontSize.h2, letterSpacing: '-0.01em' })
globalStyle('h3', { fontSize: vars.fontSize.h3 })
globalStyle('p', { margin: `0 0 ${vars.space['4']}` })

globalStyle('a', { color: vars.color.accent, textUnderlineOffset: '0.2em' })
globalStyle('a:hover', { color: vars.color.accentHover })

globalStyle(':focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
  borderRadius: vars.radius.small,
})

globalStyle('img, svg', { maxWidth: '100%', display: 'block' })

globalStyle('*', {
  '@media': {
    [media.reducedMotion]: {
      animationDuration: '0.01ms !important',
      transitionDuration: '0.01ms !important',
    },
  },
})
