// The branded frame shared by every Cauce Data e-mail: a plain-text part and a simple,
// table-based HTML part (what mail clients render reliably), in the recipient's language.
import { escapeHtml } from '../html.ts'

export type MailLocale = 'es' | 'en'

export interface RenderedMail {
  subject: string
  text: string
  html: string
}

export const brand = { name: 'Cauce Data', accent: '#0b7a4b', text: '#1f2a24', muted: '#5b6b62' } as const

export interface MailContent {
  locale: MailLocale
  subject: string
  /** Paragraphs before the button, already plain text (escaped here). */
  intro: string[]
  /** The button; notices that only inform have none. */
  action?: { label: string; url: string }
  /** Paragraphs after the button. */
  outro: string[]
  /** Groups of linked items between the intro and the button (digests), each under a heading. */
  sections?: MailSection[]
  /** A link under the closing lines (where to choose which e-mails arrive). */
  footerLink?: { label: string; url: string }
}

export interface MailSection {
  heading: string
  items: { title: string; body: string; link: { label: string; url: string } }[]
}

// The closing lines every e-mail shares, per language.
const shared: Record<MailLocale, { signature: string; fallbackLabel: string }> = {
  es: {
    signature: 'El equipo de Cauce Data',
    fallbackLabel: 'Si el botón no funciona, copie este enlace en su navegador:',
  },
  en: {
    signature: 'The Cauce Data team',
    fallbackLabel: 'If the button does not work, copy this link into your browser:',
  },
}

/** The per-language copy of a one-link e-mail (recovery, invitation). */
export interface LinkMailCopy {
  subject: string
  intro: string[]
  action: string
  outro: string[]
}

export function renderLinkMail(locale: MailLocale, copy: LinkMailCopy, link: string): RenderedMail {
  return renderMail({ locale, ...copy, action: { label: copy.action, url: link } })
}

export function renderMail(content: MailContent): RenderedMail {
  const { signature, fallbackLabel } = shared[content.locale]
  const action = content.action
  const sections = content.sections ?? []
  const text = [
    ...content.intro,
    ...sections.map((section) =>
      [
        `== ${section.heading} ==`,
        ...section.items.map((item) =>
          [`- ${item.title}`, ...(item.body ? [`  ${item.body}`] : []), `  ${item.link.label}: ${item.link.url}`].join(
            '\n',
          ),
        ),
      ].join('\n\n'),
    ),
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    ...content.outro,
    ...(content.footerLink ? [`${content.footerLink.label}\n${content.footerLink.url}`] : []),
    `— ${signature}`,
  ].join('\n\n')

  const paragraph = (line: string) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(line)}</p>`
  const sectionHtml = sections
    .map(
      (section) => `<h2 style="margin:24px 0 8px;font-size:16px;color:${brand.text}">${escapeHtml(section.heading)}</h2>
<ul style="margin:0 0 16px;padding:0 0 0 20px">
${section.items
  .map(
    (item) =>
      `<li style="margin:0 0 12px;line-height:1.5"><strong>${escapeHtml(item.title)}</strong>${item.body ? `<br>${escapeHtml(item.body)}` : ''}<br><a href="${escapeHtml(item.link.url)}" style="color:${brand.accent}">${escapeHtml(item.link.label)}</a></li>`,
  )
  .join('\n')}
</ul>`,
    )
    .join('\n')
  const url = action ? escapeHtml(action.url) : ''
  const button = action
    ? `<p style="margin:24px 0"><a href="${url}" style="background:${brand.accent};color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:6px;display:inline-block;font-weight:bold">${escapeHtml(action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:${brand.muted};line-height:1.5">${escapeHtml(fallbackLabel)}<br><a href="${url}" style="color:${brand.accent};word-break:break-all">${url}</a></p>
`
    : ''
  const footer = content.footerLink
    ? `<p style="margin:0 0 16px;font-size:13px;color:${brand.muted};line-height:1.5">${escapeHtml(content.footerLink.label)}<br><a href="${escapeHtml(content.footerLink.url)}" style="color:${brand.accent}">${escapeHtml(content.footerLink.url)}</a></p>
`
    : ''
  const html = `<!doctype html>
<html lang="${content.locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f7f5;font-family:Arial,Helvetica,sans-serif;color:${brand.text}">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f7f5;padding:24px 0">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;border-top:4px solid ${brand.accent}">
<tr><td style="padding:24px 32px 8px;font-size:20px;font-weight:bold;color:${brand.accent}">${brand.name}</td></tr>
<tr><td style="padding:8px 32px 0;font-size:15px">
${content.intro.map(paragraph).join('\n')}
${sectionHtml}${button}${content.outro.map(paragraph).join('\n')}
${footer}<p style="margin:0 0 24px;line-height:1.5">— ${escapeHtml(signature)}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>`
  return { subject: content.subject, text, html }
}
