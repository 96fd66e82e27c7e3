// Where the system Chromium lives. Tests never download a browser of their own.
import { existsSync } from 'node:fs'

const candidates = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
]

/** @returns {string | undefined} */
export function chromiumPath() {
  return candidates.find((candidate) => candidate && existsSync(candidate))
}
