// What a page asks of the network, recorded from the moment a test starts listening.
import type { Page } from '@playwright/test'

/** The URLs of the page's requests, from now on, whose URL contains `match` (or matches it). */
export function recordRequests(page: Page, match: string | RegExp): string[] {
  const urls: string[] = []
  page.on('request', (request) => {
    const url = request.url()
    if (typeof match === 'string' ? url.includes(match) : match.test(url)) urls.push(url)
  })
  return urls
}
