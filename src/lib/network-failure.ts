// Whether a failed Supabase call never reached the server: fetch threw (a TypeError), which
// postgrest-js and functions-js report as an error whose message is the TypeError's.
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true
  if (!error || typeof error !== 'object') return false
  const { message = '', code = '' } = error as { message?: unknown; code?: unknown }
  if (typeof message !== 'string' || typeof code !== 'string') return false
  return (
    message === 'Failed to fetch' ||
    message.startsWith('TypeError') ||
    /fetch/i.test(code) ||
    (!code && /fetch|network/i.test(message))
  )
}
