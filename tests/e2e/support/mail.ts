// The development mail catcher, read through its JSON API (GET /_dev/mail/messages.json, mounted
// by the server when it runs its own catcher, as it does under NODE_ENV=test).
import type { APIRequestContext } from '@playwright/test'
import { test } from '@playwright/test'
import type { CaughtMail as CaughtServerMail } from '../../../supabase/server/mail/catcher'
import { expect, type ProjectOptions } from './fixtures'

/** A caught message as the inbox's JSON gives it (its date as text). */
export type CaughtMail = Omit<CaughtServerMail, 'receivedAt'> & { receivedAt: string }

export async function inbox(request: APIRequestContext, baseURL: string): Promise<CaughtMail[]> {
  // The inbox is the project's: on the hosted stack, not on the site's origin.
  const project = (test.info().project.use as Partial<ProjectOptions>).projectURL
  const url = new URL('/_dev/mail/messages.json', project ?? baseURL).href
  // A kept-alive connection the server closed as it was reused resets: that one read is asked again.
  const response = await request.get(url).catch((error: Error) => {
    if (!/ECONNRESET|socket hang up/.test(error.message)) throw error
    return request.get(url)
  })
  expect(response.status(), 'the development inbox answers').toBe(200)
  return (await response.json()) as CaughtMail[]
}

export async function mailsTo(request: APIRequestContext, baseURL: string, address: string): Promise<CaughtMail[]> {
  return (await inbox(request, baseURL)).filter((mail) => mail.to.includes(address.toLowerCase()))
}

/**
 * The newest message to `address` (newer than the message id `after`, with this subject, when
 * given), waiting for it to arrive: mail goes out after the API answers. The subject keeps other
 * mail (notifications) out of the way.
 */
export async function waitForMail(
  request: APIRequestContext,
  baseURL: string,
  address: string,
  { after = 0, subject, timeout = 15_000 }: { after?: number; subject?: string; timeout?: number } = {},
): Promise<CaughtMail> {
  let found: CaughtMail | undefined
  await expect
    .poll(
      async () => {
        const mails = await mailsTo(request, baseURL, address)
        found = mails.filter((mail) => mail.id > after && (subject === undefined || mail.subject === subject)).at(-1)
        return found !== undefined
      },
      { message: `an e-mail to ${address}${subject ? ` titled "${subject}"` : ''}`, timeout },
    )
    .toBe(true)
  return found!
}

/** The project's development inbox, bound to a test's request context (the `mailbox` fixture). */
export interface Mailbox {
  /** Every caught message (inbox). */
  all(): Promise<CaughtMail[]>
  /** The messages to `address` (mailsTo). */
  to(address: string): Promise<CaughtMail[]>
  /** The newest message to `address`, waited for (waitForMail). */
  waitFor(address: string, options?: Parameters<typeof waitForMail>[3]): Promise<CaughtMail>
}

export function mailboxOf(request: APIRequestContext, baseURL: string): Mailbox {
  return {
    all: () => inbox(request, baseURL),
    to: (address) => mailsTo(request, baseURL, address),
    waitFor: (address, options) => waitForMail(request, baseURL, address, options),
  }
}

/** The one link to our /auth/v1/verify in a message's plain-text part. */
export function verifyLink(mail: CaughtMail): string {
  const links = [...mail.text.matchAll(/https?:\/\/\S+\/auth\/v1\/verify\?\S+/g)].map((match) => match[0])
  expect(links, `one verify link in "${mail.subject}"`).toHaveLength(1)
  return links[0]!
}
