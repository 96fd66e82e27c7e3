// One theme contract; the light values apply by default and the dark ones follow the
// system setting (prefers-color-scheme).
import { createGlobalThemeContract, createGlobalTheme, globalStyle } from '@vanilla-extract/css'
import { fontSize, palette, space, headerHeight, media } from './tokens'

export const vars = createGlobalThemeContract(
  {
    color: {
      background: null,
      surface: null,
      surfaceRaised: null,
      text: null,
      textMuted: null,
      border: null,
      accent: null,
      accentHover: null,
      accentText: null,
      accentSoft: null,
      focus: null,
      danger: null,
      warning: null,
      warningSoft: null,
    },
    space: {
      '0': null,
      '1': null,
      '2': null,
      '3': null,
      '4': null,
      '5': null,
      '6': null,
      '7': null,
      '8': null,
      '9': null,
    },
    font: { body: null, heading: null },
    fontSize: { small: null, body: null, lead: null, h3: null, h2: null, h1: null },
    radius: { small: null, medium: null, large: null, round: null },
    layout: { headerHeight: null, contentWidth: null, textWidth: null },
    shadow: { raised: null },
  },
  (_value, path) => path.join('-'),
)

const systemFont = 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif'

createGlobalTheme(':root', vars, {
  color: palette.light,
  space,
  font: { body: systemFont, heading: systemFont },
  fontSize,
  radius: { small: '4px', medium: '8px', large: '16px', round: '999px' },
  layout: { headerHeight, contentWidth: '72rem', textWidth: '44rem' },
  shadow: { raised: '0 8px 24px rgb(10 30 22 / 12%)' },
})

globalStyle(':root', {
  '@media': {
    [media.dark]: {
      vars: Object.fromEntries(
        Object.entries(palette.dark).map(([key, value]) => [vars.color[key as keyof typeof palette.dark], value]),
      ),
    },
  },
})
