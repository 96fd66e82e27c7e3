// The one test of "is this a UUID" (any version, either case), for the app (ids in URLs and search
// parameters: anything else is "not found" without asking the server) and our server (JWT `sub` and
// `session_id`, route ids). Beside the Edge Functions so both can import it; the app reads it
// through src/lib/query-utils.ts. The functions' own request bodies use zod's stricter `uuid()`.

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A string of 32 hex digits grouped 8-4-4-4-12; anything else (not a string included) is not. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && uuidPattern.test(value)
}
