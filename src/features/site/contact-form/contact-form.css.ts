// The contact form beside its data-protection notice: the form takes the wider column on desktop,
// the notice follows it on small screens. The honeypot is moved off-screen (not display:none, which
// some bots detect), hidden from assistive technology and out of the tab order in the markup.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '@/styles/theme.css'
import { media } from '@/styles/tokens'

export const layout = style({
  display: 'grid',
  gap: vars.space['7'],
  '@media': { [media.desktop]: { gridTemplateColumns: '3fr 2fr', alignItems: 'start' } },
})

export const intro = style({ color: vars.color.textMuted, margin: 0 })

export const honeypot = style({
  position: 'absolute',
  left: '-10000px',
  top: 'auto',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
})

export const summaryTitle = style({ fontSize: vars.fontSize.body, margin: 0, marginBottom: vars.space['2'] })

export const summaryList = style({ margin: 0, paddingLeft: vars.space['5'], display: 'grid', gap: vars.space['1'] })

globalStyle(`${summaryList} a`, { color: vars.color.danger, fontWeight: 600 })

export const submitRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space['3'], alignItems: 'center' })

export const confirmation = style({
  padding: vars.space['5'],
  borderRadius: vars.radius.large,
  border: `2px solid ${vars.color.accent}`,
  background: vars.color.accentSoft,
})

export const confirmationTitle = style({ marginTop: 0, outlineOffset: '4px' })

export const notice = style({
  padding: vars.space['5'],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.large,
  fontSize: vars.fontSize.small,
})

export const noticeTitle = style({ fontSize: vars.fontSize.h3, marginTop: 0 })

export const noticeTable = style({ display: 'grid', gap: vars.space['3'], margin: 0 })

globalStyle(`${noticeTable} dt`, { fontWeight: 700 })
globalStyle(`${noticeTable} dd`, { margin: 0 })

export const details = style({ marginTop: vars.space['4'] })

export const detailsSummary = style({
  cursor: 'pointer',
  fontWeight: 600,
  color: vars.color.accent,
  // A 44px target that keeps the disclosure triangle (display:flex would drop it).
  paddingBlock: vars.space['3'],
})

globalStyle(`${details} p, ${details} ul`, { marginBlock: vars.space['2'] })

export const aside = style({ display: 'grid', gap: vars.space['5'] })

/** Response time and office, below the numbered steps. */
export const facts = style({ marginTop: vars.space['7'] })

/** The link to the full privacy policy below the notice: a target of at least 24 px. */
export const policyLink = style({ display: 'inline-block', minHeight: '24px', paddingBlock: vars.space['1'] })
