// Turns one claimed e-mail of the outbox into the message to send, in the reader's language: a
// notification on its own (or a digest that holds only one), a digest grouped by project, a
// contact acknowledgement, or a security notice (the same one our auth sent itself before). Pure: the claim carries everything it needs.
import { contactAcknowledgementMail } from '../_shared/mail/contact-acknowledgement.ts'
import { notificationDigestMail, notificationMail } from '../_shared/mail/notification.ts'
import { securityNoticeMail } from '../_shared/mail/security-notice.ts'
import type { OutgoingMail } from '../_shared/mail/transport.ts'
import { notificationLink, notificationSettingsLink } from './links.ts'
import type { ClaimedMail, ClaimedNotification, ClaimedNotificationMail } from './outbox.ts'

export function renderOutboxMail(mail: ClaimedMail, siteOrigin: string): OutgoingMail {
  const locale = mail.locale === 'en' ? 'en' : 'es'
  if (mail.type === 'contact_acknowledgement') return { to: mail.to, ...contactAcknowledgementMail(locale) }
  if (mail.type === 'security_notice')
    return {
      to: mail.to,
      ...securityNoticeMail(mail.kind, locale, { email: mail.to, factorName: mail.factor_name ?? '' }),
    }
  return { to: mail.to, ...renderNotifications(mail, locale, siteOrigin) }
}

function renderNotifications(mail: ClaimedNotificationMail, locale: 'es' | 'en', siteOrigin: string) {
  const audience = mail.role === 'client' ? 'client' : 'staff'
  const linkFor = (row: ClaimedNotification) => notificationLink(siteOrigin, { ...row, role: mail.role, locale })
  const settings = notificationSettingsLink(siteOrigin, { role: mail.role, locale })
  const [first] = mail.notifications
  if (mail.notifications.length === 1 && mail.more === 0 && first)
    return notificationMail(locale, {
      name: mail.name,
      title: first.title,
      body: first.body,
      link: linkFor(first),
      quotesPerson: first.quotes_person === true,
      audience,
      settings,
    })
  return notificationDigestMail(locale, {
    name: mail.name,
    audience,
    settings,
    link: `${siteOrigin}/${locale}/${audience === 'client' ? 'client-portal/dashboard/notifications' : 'admin/dashboard'}`,
    items: mail.notifications.map((row) => ({
      title: row.title,
      body: row.body,
      link: linkFor(row),
      quotesPerson: row.quotes_person === true,
      projectId: row.project_id,
      projectName: row.project_name,
    })),
    more: mail.more,
  })
}
