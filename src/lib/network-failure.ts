// Whether a failed Supabase call never reached the server: fetch threw (a TypeError), which
// postgrest-js reports as an error whose message is the TypeError's, and functions-js as a
// FunctionsFetchError (or a FunctionsRelayError: the relay did not reach the function).
export function isNetworkFailure(error: unknown): boolean {
  if (error instanceof TypeError) return true
  if (!error || typeof error !== 'object') return false
  const { name } = error as { name?: unknown }
  if (name === 'FunctionsFetchError' || name === 'FunctionsRelayError') return true
  const { message = '', code = '' } = error as { message?: unknown; code?: unknown }
  if (typeof message !== 'string' || typeof code !== 'string') return false
  return (
    message === 'Failed to fetch' ||
    message.startsWith('TypeError') ||
    /fetch/i.test(code) ||
    (!code && /fetch|network/i.test(message))
  )
}
