// The firm's identity: defined beside the Edge Functions (their e-mails deploy with it), read by
// the app from here.
export { siteConfig } from '@functions/_shared/site'
