// Time rules the pages and the auth server share, so what a page promises is what the server does.

/** A second recovery (or sign-in link) e-mail to one address within this many seconds is not sent. */
export const recoveryMailIntervalSeconds = 60

/** How long an invitation link works. */
export const inviteLinkSeconds = 24 * 60 * 60
