import { style } from '@vanilla-extract/css'
import { button, panel, stackList, target } from '@/components/ui/recipes.css'
import { vars } from '@/styles/theme.css'

export const thread = stackList({ gap: '3' })

export const message = style([
  panel({ tone: 'strong', padding: '3', stack: '2', shrink: true }),
  // The message a link names (a notification e-mail's `#message-<id>`) stands out.
  { selectors: { '&:target': { outline: `3px solid ${vars.color.accent}`, outlineOffset: '2px' } } },
])

// Internal notes look different at a glance (and say so in words: the badge).
export const internal = style([
  message,
  { borderStyle: 'dashed', borderColor: vars.color.accent, background: vars.color.surface },
])

export const header = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space['2'],
  alignItems: 'baseline',
  fontSize: vars.fontSize.small,
  color: vars.color.textMuted,
})

export const author = style({ fontWeight: 700, color: vars.color.text })

export const body = style({ margin: 0, overflowWrap: 'anywhere' })

export const deleted = style({ margin: 0, fontStyle: 'italic', color: vars.color.textMuted })

export const mention = style({ fontWeight: 700, color: vars.color.accent })

export const readBy = style({ margin: 0, fontSize: vars.fontSize.small, color: vars.color.textMuted })

export const composer = style({ display: 'grid', gap: vars.space['3'] })

// A composer holding an internal note looks like the notes in the thread (dashed accent border,
// surface background) and says so in a banner, so nobody mistakes it for a reply to the client.
export const composerInternal = style([
  composer,
  {
    padding: vars.space['3'],
    borderRadius: vars.radius.medium,
    border: `2px dashed ${vars.color.accent}`,
    background: vars.color.surface,
  },
])

export const internalBanner = style({
  margin: 0,
  padding: vars.space['2'],
  borderRadius: vars.radius.small,
  background: vars.color.accentSoft,
  color: vars.color.text,
  fontWeight: 700,
})

export const attachments = style([
  panel({ tone: 'strongOutline', padding: '3', stack: '2', shrink: true }),
  { margin: 0 },
])

export const linkButton = style([button({ tone: 'link' }), { overflowWrap: 'anywhere', textAlign: 'start' }])

// The people offered after "@" in the message box: under it, in the flow (nothing to cover on a
// phone), each a 44 px row; the active one is filled and outlined, not told by colour alone.
export const mentionList = style([
  panel({ tone: 'strong', radius: 'small', padding: '1', stack: '1' }),
  { listStyle: 'none', margin: 0, maxHeight: '18rem', overflowY: 'auto' },
])

export const mentionOption = style([
  target({ display: 'block' }),
  {
    borderRadius: vars.radius.small,
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    selectors: {
      '&[aria-selected="true"]': {
        background: vars.color.accentSoft,
        outline: `2px solid ${vars.color.accent}`,
        outlineOffset: '-2px',
        fontWeight: 700,
      },
    },
  },
])
