// The server's configuration, read and validated once at start-up. Every bad variable is
// reported together, so a misconfigured deployment fails with one clear message.
import { z } from 'zod'

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('localhost'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** Public origin used in the sitemap and robots.txt; defaults to the request's own origin. */
  SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Folder with the built site. */
  SITE_DIST: z.string().min(1).default('dist'),
})

export type Env = z.infer<typeof schema>

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const result = schema.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== '')),
  )
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`)
    throw new Error(`Invalid environment:\n${problems.join('\n')}`)
  }
  return result.data
}
