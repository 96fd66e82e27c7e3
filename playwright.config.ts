import { defineConfig, devices } from '@playwright/test'
import type { ProjectOptions } from './tests/e2e/support/fixtures'
import { chromiumFlags, testChromiumPath } from './scripts/chromium-path.mjs'
import { hostedApiURL, hostedBaseURL, mainBaseURL, readyPort, siteDist } from './tests/e2e/support/servers'

// End-to-end tests run in the system's Chromium (Debian's package) against the production
// build served by our own server.
/**
 * The specs that run against the hosted stack (`npm run test:hosted`, serve-hosted.ts): the site
 * from the web tier, the project in Supabase-only mode on another origin, the functions on Deno,
 * the schedule as pg_cron runs it. Between them they use every feature at least once, in both
 * areas and languages; each runs there instead of against the default server, so the run's
 * length stays the same.
 */
const hostedSpecs = [
  'admin-clients',
  'password-reset',
  'sign-in-link',
  'conversation',
  'approvals',
  'client-uploads',
  'document-downloads',
  'portal',
  'contact',
  'no-javascript',
  'routing-i18n',
  'live-lists',
  'search',
  'view-as-client',
  'admin-projects',
  'admin-activity-leads',
  'conversation-mentions',
  'invite-existing',
  'account-recovery',
  'dashboards',
  'project-plan',
  'notification-preferences',
  'second-factor-required',
  'upload-form',
  'case-studies',
  'passkeys',
]
const hostedMatch = new RegExp(`/(${hostedSpecs.join('|')})\\.spec\\.ts$`)

export default defineConfig<ProjectOptions>({
  testDir: 'tests/e2e',
  // Overridable so that two runs at once (on different E2E_PORTs) do not wipe each other's traces.
  outputDir: process.env.E2E_OUTPUT_DIR || 'test-results',
  fullyParallel: true,
  // A test.only left behind would make CI run one test and pass.
  forbidOnly: Boolean(process.env.CI),
  // Two workers keep a 2-core machine busy (Chromium is most of the CPU); a third runs only the
  // session-refresh test, which mostly waits for its access token to age (see projects).
  workers: process.env.CI ? 3 : undefined,
  // Once in a few full runs on a loaded 2-core machine, the headless shell stops painting one page
  // (an action then waits for animation frames that never come). In CI such a test runs once
  // more, and the report names it flaky; a test that fails twice still fails the run.
  retries: process.env.CI ? 1 : 0,
  // A whole page (a dashboard's chunk, its queries, its live channel) can take more than the
  // default 5 s to settle while two workers keep a 2-core machine busy.
  expect: { timeout: 10_000 },
  reporter: process.env.CI
    ? [['list']]
    : [['list'], ['html', { open: 'never', outputFolder: process.env.E2E_REPORT_DIR || 'playwright-report' }]],
  use: {
    baseURL: mainBaseURL,
    // Recording a trace (screenshots, snapshots) costs every test CPU, kept or not: measured, about
    // a third of the run's own CPU. In CI a failed test runs once more, traced; locally, on failure.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    // No single click or fill takes this long unless the page is stuck: fail it, not the whole test's time.
    actionTimeout: 30_000,
    launchOptions: {
      executablePath: testChromiumPath(),
      args: chromiumFlags,
    },
  },
  projects: [
    {
      // Minutes of waiting for a token to age, at next to no CPU: alongside the others, not in
      // one of their workers. First, so that it takes its worker at the start rather than after
      // the others (then its waits would add minutes at the end of the run).
      name: 'token-refresh',
      testMatch: /session-refresh\.spec\.ts$/,
      workers: 1,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'chromium',
      testIgnore: [/session-refresh\.spec\.ts$/, hostedMatch],
      workers: process.env.CI ? 2 : undefined,
      use: { ...devices['Desktop Chrome'], channel: undefined },
    },
    {
      name: 'hosted',
      testMatch: hostedMatch,
      workers: process.env.CI ? 2 : undefined,
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: hostedBaseURL, projectURL: hostedApiURL },
    },
  ],
  // The three stacks at once (serve-all.ts): our server exactly as `npm start` serves the build,
  // each on a fresh database in its own data folder (PostgreSQL where installed, else the embedded
  // PGlite); one with short-lived access tokens (session-refresh.spec.ts); and the hosted stack.
  webServer: {
    command: 'node node_modules/tsx/dist/cli.mjs tests/e2e/support/serve-all.ts',
    env: {
      HOST: 'localhost',
      NODE_ENV: 'test',
      SITE_DIST: siteDist,
      // Every test signs in from the same address; the limits themselves have integration tests.
      AUTH_RATE_LIMIT_SIGN_IN: '10000',
      AUTH_RATE_LIMIT_SIGN_UP: '10000',
      AUTH_RATE_LIMIT_RECOVER: '10000',
      AUTH_RATE_LIMIT_VERIFY: '10000',
      // Notification e-mails go out at each run of send-notifications rather than once per 15
      // minutes, and the server runs it every 3 s rather than every minute as Supabase Cron does,
      // so a test sees the e-mails its steps cause; digests per interval have integration tests.
      NOTIFICATION_DIGEST_MINUTES: '0',
      NOTIFICATION_MAIL_INTERVAL_MS: '3000',
      // Staff may register passkeys (passkeys.spec.ts); off by default, as on Supabase.
      AUTH_MFA_WEB_AUTHN_ENROLL_ENABLED: 'true',
      AUTH_MFA_WEB_AUTHN_VERIFY_ENABLED: 'true',
    },
    url: `http://localhost:${readyPort}/`,
    reuseExistingServer: false,
    // Fresh databases run initdb, the migrations and the seed first; the hosted site is built.
    timeout: 240_000,
    // Each stack stops its database and servers on SIGTERM.
    gracefulShutdown: { signal: 'SIGTERM' as const, timeout: 10_000 },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  },
})
