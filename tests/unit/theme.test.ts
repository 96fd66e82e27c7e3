// WCAG AA contrast of the palette, computed from the tokens themselves (WCAG 2.x relative
// luminance), so a colour change that breaks AA fails here before any page is rendered.
import { describe, expect, it } from 'vitest'
import { palette } from '../../src/styles/tokens'

function luminance(hex: string): number {
  const channels = [1, 3, 5].map((start) => parseInt(hex.slice(start, start + 2), 16) / 255)
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [
    number,
    number,
    number,
  ]
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a) as [number, number]
  return (light + 0.05) / (dark + 0.05)
}

describe.each(Object.entries(palette))('%s colour scheme', (_name, colors) => {
  const pairs: [string, string, string, number][] = [
    ['text on background', colors.text, colors.background, 4.5],
    ['text on surface', colors.text, colors.surface, 4.5],
    ['muted text on background', colors.textMuted, colors.background, 4.5],
    ['muted text on surface', colors.textMuted, colors.surface, 4.5],
    ['muted text on raised surface', colors.textMuted, colors.surfaceRaised, 4.5],
    ['accent (links) on background', colors.accent, colors.background, 4.5],
    ['accent on surface', colors.accent, colors.surface, 4.5],
    ['accent on soft accent (hero)', colors.accent, colors.accentSoft, 4.5],
    ['text on soft accent (hover)', colors.text, colors.accentSoft, 4.5],
    ['accent hover on background', colors.accentHover, colors.background, 4.5],
    ['button text on accent', colors.accentText, colors.accent, 4.5],
    ['button text on accent hover', colors.accentText, colors.accentHover, 4.5],
    ['danger text on background (errors, overdue badges)', colors.danger, colors.background, 4.5],
    ['danger text on surface (error panels)', colors.danger, colors.surface, 4.5],
    ['danger text on raised surface (overdue in cards)', colors.danger, colors.surfaceRaised, 4.5],
    ['accent on raised surface (portal cards)', colors.accent, colors.surfaceRaised, 4.5],
    ['warning text on its soft background (pending badges)', colors.warning, colors.warningSoft, 4.5],
    ['warning border on raised surface (pending badges in cards)', colors.warning, colors.surfaceRaised, 3],
    ['focus ring on background', colors.focus, colors.background, 3],
    ['border of controls', colors.textMuted, colors.background, 3],
  ]
  it.each(pairs)('%s reaches AA', (_label, foreground, background, minimum) => {
    expect(contrast(foreground, background)).toBeGreaterThanOrEqual(minimum)
  })
})
