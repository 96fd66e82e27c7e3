// Makes sure a system Chromium exists before the end-to-end tests: installs Debian's
// `chromium` package when it can (root with apt-get), or says exactly what to install.
import { execSync } from 'node:child_process'
import { chromiumPath } from './chromium-path.mjs'

if (chromiumPath()) process.exit(0)

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

if (canApt) {
  console.log('Chromium not found: installing Debian\'s "chromium" package…')
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', { stdio: 'inherit' })
  if (chromiumPath()) process.exit(0)
}

console.error(
  [
    'The end-to-end tests need a system Chromium, and none was found.',
    '  Debian/Ubuntu: sudo apt-get install chromium',
    '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH=/path/to/chromium',
  ].join('\n'),
)
process.exit(1)
