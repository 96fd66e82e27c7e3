// Design tokens as plain data. Colours were chosen for WCAG AA: text and accent on their
// backgrounds reach at least 4.5:1 (checked in tests/unit/theme.test.ts).
export const palette = {
  light: {
    background: '#ffffff',
    surface: '#f3f7f5',
    surfaceRaised: '#ffffff',
    text: '#14201b',
    textMuted: '#4a5a53',
    border: '#d5e0db',
    accent: '#0a6e4c',
    accentHover: '#075a3e',
    accentText: '#ffffff',
    accentSoft: '#e3f3ec',
    focus: '#0a6e4c',
    danger: '#b42318',
    // Waiting on someone (an approval pending): amber, neither an error nor done.
    warning: '#8a4600',
    warningSoft: '#fff1dc',
  },
  dark: {
    background: '#0f1714',
    surface: '#16211d',
    surfaceRaised: '#1c2a25',
    text: '#e8f0ec',
    textMuted: '#a8b8b0',
    border: '#2c3d36',
    accent: '#4fd39b',
    accentHover: '#7ae2b5',
    accentText: '#062a1d',
    accentSoft: '#173a2d',
    focus: '#7ae2b5',
    danger: '#ff8a80',
    warning: '#ffcf7a',
    warningSoft: '#3b2a0c',
  },
} as const

export const space = {
  '0': '0',
  '1': '0.25rem',
  '2': '0.5rem',
  '3': '0.75rem',
  '4': '1rem',
  '5': '1.5rem',
  '6': '2rem',
  '7': '3rem',
  '8': '4rem',
  '9': '6rem',
} as const

export const fontSize = {
  small: '0.875rem',
  body: '1rem',
  lead: '1.1875rem',
  h3: '1.25rem',
  h2: 'clamp(1.5rem, 1.2rem + 1.2vw, 2rem)',
  h1: 'clamp(2rem, 1.4rem + 2.6vw, 3.25rem)',
} as const

/** The fixed header's height; the content area keeps this padding on top (seed: 80px). */
export const headerHeight = '80px'

export const breakpoints = {
  tablet: 640,
  desktop: 960,
} as const

export const media = {
  tablet: `screen and (min-width: ${breakpoints.tablet}px)`,
  desktop: `screen and (min-width: ${breakpoints.desktop}px)`,
  dark: '(prefers-color-scheme: dark)',
  reducedMotion: '(prefers-reduced-motion: reduce)',
} as const
