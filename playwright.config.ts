import { defineConfig, devices } from '@playwright/test'
import { chromiumPath } from './scripts/chromium-path.mjs'

const port = Number(process.env.E2E_PORT ?? 4174)

// End-to-end tests run in the system's Chromium (Debian's package) against the production
// build served by our own server, exactly as `npm start` serves it.
export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: chromiumPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs supabase/server/index.ts',
    env: { PORT: String(port), HOST: 'localhost', NODE_ENV: 'test' },
    url: `http://localhost:${port}/`,
    reuseExistingServer: false,
    timeout: 30_000,
  },
})
