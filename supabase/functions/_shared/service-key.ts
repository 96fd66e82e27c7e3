// Whether a request comes from the project itself (a schedule, Supabase Cron through pg_net): its
// bearer token is the service-role key, or one of the project's secret API keys (`sb_secret_…`,
// SUPABASE_SECRET_KEYS on Supabase). Compared as SHA-256 digests, so the time taken says nothing
// about how much of a guess was right.
import type { FunctionEnv } from './runtime.ts'

const digest = async (value: string) =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)))

/** The service-role key and the project's secret keys, as digests. */
export async function serviceKeyDigests(env: FunctionEnv): Promise<Uint8Array[]> {
  const keys = [env.serviceRoleKey]
  const secretKeys = env.setting('SUPABASE_SECRET_KEYS')
  if (secretKeys) {
    try {
      const parsed: unknown = JSON.parse(secretKeys)
      if (parsed && typeof parsed === 'object')
        keys.push(...Object.values(parsed).filter((key): key is string => typeof key === 'string' && key !== ''))
    } catch {
      // Not the JSON object Supabase sets: only the service-role key is accepted.
    }
  }
  return Promise.all(keys.map(digest))
}

export async function isServiceCaller(request: Request, accepted: Promise<Uint8Array[]>): Promise<boolean> {
  const match = /^Bearer (\S+)$/.exec(request.headers.get('Authorization') ?? '')
  if (!match) return false
  const given = await digest(match[1]!)
  let found = false
  for (const key of await accepted) {
    let difference = 0
    for (let i = 0; i < key.length; i++) difference |= key[i]! ^ given[i]!
    found ||= difference === 0
  }
  return found
}
