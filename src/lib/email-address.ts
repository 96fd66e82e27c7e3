// What this app takes for an e-mail address and how one becomes a mailto: link: defined beside
// the Edge Functions (their e-mails use it), read by the app from here.
export { emailAddressPattern, isEmailAddress, mailtoHref } from '@functions/_shared/email-address'
