// Makes sure a system Chromium exists before the end-to-end tests: installs Debian's
// `chromium-headless-shell` package when it can (root with apt-get), or says exactly what to
// install. A full Chromium already there will do where nothing can be installed.
import { execSync } from 'node:child_process'
import { headlessShell, testChromiumPath } from './chromium-path.mjs'
import { existsSync } from 'node:fs'

// The browser the tests prefer is there: the one CHROMIUM_PATH names, or the headless shell.
if (process.env.CHROMIUM_PATH ? testChromiumPath() : existsSync(headlessShell)) process.exit(0)

const canApt =
  process.getuid?.() === 0 &&
  (() => {
    try {
      execSync('command -v apt-get', { stdio: 'ignore' })
      return true
    } catch {
      return false
    }
  })()

if (canApt && !process.env.CHROMIUM_PATH) {
  // The headless shell first; the full browser where a mirror lacks it and none is installed.
  for (const pkg of ['chromium-headless-shell', 'chromium']) {
    if (pkg === 'chromium' && testChromiumPath()) break
    console.log(`Installing Debian's "${pkg}" package for the end-to-end tests…`)
    try {
      execSync(`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`, {
        stdio: 'inherit',
      })
      break
    } catch {
      // Told below if nothing usable is there.
    }
  }
}
if (testChromiumPath()) process.exit(0)

console.error(
  [
    'The end-to-end tests need a system Chromium, and none was found.',
    '  Debian/Ubuntu: sudo apt-get install chromium-headless-shell (or chromium)',
    '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
  ].join('\n'),
)
process.exit(1)
