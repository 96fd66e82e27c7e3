// The stacks the end-to-end run starts (serve-all.ts): the main server, one whose access tokens
// live only 150 s, for the session-refresh test, and the hosted stack. Each gets its own data
// folder, wiped before start, so a run never reads or damages the developer's demo database.
export const mainPort = Number(process.env.E2E_PORT ?? 4174)
export const refreshPort = mainPort + 1

export const mainBaseURL = `http://localhost:${mainPort}`
export const refreshBaseURL = `http://localhost:${refreshPort}`

/** JWT_EXPIRY of the refresh server: the auth machine refreshes at half of it (refreshDelay). */
export const shortTokenSeconds = 150

/** The built site the servers serve: `SITE_DIST=dist-e2e npx playwright test` for a private build. */
export const siteDist = process.env.SITE_DIST || 'dist'

/** Per port, so two runs on different E2E_PORTs (two checkouts' agents, CI shards) never share a database. */
export const dataDirs = {
  main: `.data/e2e-${mainPort}`,
  refresh: `.data/e2e-${refreshPort}`,
  hosted: `.data/e2e-hosted-${mainPort}`,
} as const

/**
 * The hosted stack (serve-hosted.ts, `npm run test:hosted`): the site from the web tier, the
 * project's APIs on another origin, its functions' URL, and the mail catcher (HTTP; SMTP on + 1).
 */
export const hostedPorts = {
  site: mainPort + 2,
  api: mainPort + 3,
  functions: mainPort + 4,
  mail: mainPort + 5,
} as const
/**
 * The stand-in BI provider (bi-stand-in.ts, decision 0039), which serve-all.ts starts, and the
 * Metabase embedding secret it shares with the main server's dashboard-embed function.
 */
export const biStandInPort = mainPort + 8
export const biStandInOrigin = `http://localhost:${biStandInPort}`
export const biStandInSecret = 'e2e-metabase-embedding-secret-0123456789abcdef0123456789abcdef'
/** Where serve-all.ts answers once every stack does (what Playwright waits for). */
export const readyPort = mainPort + 7
export const hostedBaseURL = `http://localhost:${hostedPorts.site}`
export const hostedApiURL = `http://127.0.0.1:${hostedPorts.api}`
/** The site built for the hosted project's URL (its own build: the URL is compiled in). */
export const hostedSiteDist = process.env.E2E_HOSTED_DIST || 'dist-hosted'
