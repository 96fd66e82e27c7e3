// The two servers the end-to-end run starts (playwright.config.ts): the main one, and one whose
// access tokens live only 150 s, for the session-refresh test. Each gets its own data folder,
// wiped before start, so a run never reads or damages the developer's demo database.
export const mainPort = Number(process.env.E2E_PORT ?? 4174)
export const refreshPort = mainPort + 1

export const mainBaseURL = `http://localhost:${mainPort}`
export const refreshBaseURL = `http://localhost:${refreshPort}`

/** JWT_EXPIRY of the refresh server: the auth machine refreshes at half of it (refreshDelay). */
export const shortTokenSeconds = 150

/** The built site the servers serve: `SITE_DIST=dist-e2e npx playwright test` for a private build. */
export const siteDist = process.env.SITE_DIST || 'dist'

/** Per port, so two runs on different E2E_PORTs (two checkouts' agents, CI shards) never share a database. */
export const dataDirs = { main: `.data/e2e-${mainPort}`, refresh: `.data/e2e-${refreshPort}` } as const
