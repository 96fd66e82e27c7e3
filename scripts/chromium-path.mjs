// Where the system Chromium lives. Tests never download a browser of their own.
import { existsSync } from 'node:fs'

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]

/** Debian's `chromium-headless-shell`: Chromium's build for automation, without the browser UI. */
export const headlessShell = '/usr/bin/chromium-headless-shell'

/**
 * The flags the end-to-end tests and the site's benchmark start Chromium with: no sandbox (it runs
 * in containers), no GPU, no QUIC, and none of its own first-run, background, update or sync work.
 */
export const chromiumFlags = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

/** @returns {string | undefined} */
export function chromiumPath() {
  return candidates.find((candidate) => candidate && existsSync(candidate))
}

/**
 * The Chromium the end-to-end tests drive: CHROMIUM_PATH when set, else the headless shell, which
 * renders the same pages for about a third less CPU than the full browser run headless (what
 * bounds the suite's time on a small machine), else the full browser.
 * @returns {string | undefined}
 */
export function testChromiumPath() {
  if (process.env.CHROMIUM_PATH) return chromiumPath()
  return existsSync(headlessShell) ? headlessShell : chromiumPath()
}
