// Dashboards (decision 0039) shared by the dashboard-embed Edge Function, our server and the app:
// the Metabase settings, the signed-embedding token and the embed address built from it.
import { SignJWT } from 'jose'
import { z } from 'zod'

/** The Metabase site and its embedding secret: the function's secrets (our server passes its own). */
export const metabaseSettingsShape = {
  /** The Metabase site the portal embeds from (https://metabase.example.com); unset: no Metabase dashboards. */
  METABASE_SITE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** Metabase's "Embedding secret key" (Admin › Embedding › Static embedding): signs the embed tokens. */
  METABASE_SECRET_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  /** How long an embed token works, in minutes (Metabase refuses it after). */
  METABASE_EMBED_MINUTES: z.coerce.number().int().min(1).max(60).default(10),
}

export const metabaseSettings = z.object(metabaseSettingsShape)
export type MetabaseSettings = z.output<typeof metabaseSettings>

/** What open_dashboard returns for a Metabase dashboard: which one, and the parameter locked to the organization. */
export interface MetabaseEmbed {
  dashboard: number
  parameter: string
  value: string
}

/**
 * Metabase's signed embedding: an HS256 JWT with the dashboard and its locked parameter, short-lived.
 * The parameter's value comes from the database (the organization's slug), never from the request.
 */
export async function metabaseToken(secret: string, embed: MetabaseEmbed, expiresAt: number): Promise<string> {
  return await new SignJWT({ resource: { dashboard: embed.dashboard }, params: { [embed.parameter]: embed.value } })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(new TextEncoder().encode(secret))
}

/** The address the portal frames: the site's embed page, without Metabase's border and title. */
export function metabaseEmbedUrl(site: string, token: string): string {
  return `${site.replace(/\/+$/, '')}/embed/dashboard/${token}#bordered=false&titled=false`
}
