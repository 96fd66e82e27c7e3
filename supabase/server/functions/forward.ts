// /functions/v1/<name> handed to functions that run elsewhere (FUNCTIONS_URL): an edge runtime
// beside this server, `supabase functions serve`, or a Supabase project. The request goes on as
// the caller sent it (its Authorization and apikey: the function checks them itself), and the
// answer comes back as the function gave it.

// Connection-level headers (RFC 9110 §7.6.1) belong to one hop; the length and encoding are the
// fetch's own (it sends the bytes we give it, and hands back a decoded body).
const hopHeaders = [
  'connection',
  'keep-alive',
  'proxy-authenticate',
  'proxy-authorization',
  'proxy-connection',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
  'host',
  'content-length',
]

function withoutHopHeaders(headers: Headers, also: string[] = []): Headers {
  const copy = new Headers(headers)
  for (const name of (copy.get('connection') ?? '').split(',')) if (name.trim()) copy.delete(name.trim())
  for (const name of [...hopHeaders, ...also]) copy.delete(name)
  return copy
}

const failure = (status: number, code: string, message: string) =>
  Response.json({ error: { code, message } }, { status })

export interface ForwardOptions {
  /** FUNCTIONS_URL: the function's name is appended to it. */
  baseUrl: string
  timeoutMs: number
}

export function forwarder({ baseUrl, timeoutMs }: ForwardOptions) {
  const base = baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`
  return async (name: string, request: Request): Promise<Response> => {
    const target = new URL(encodeURIComponent(name), base)
    target.search = new URL(request.url).search
    const hasBody = request.method !== 'GET' && request.method !== 'HEAD'
    let answer: Response
    try {
      answer = await fetch(target, {
        method: request.method,
        headers: withoutHopHeaders(request.headers, ['accept-encoding']),
        body: hasBody ? await request.arrayBuffer() : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (error) {
      if (error instanceof DOMException && error.name === 'TimeoutError')
        return failure(504, 'function_timeout', 'The function did not answer in time')
      return failure(502, 'function_unreachable', 'The function could not be reached')
    }
    return new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: withoutHopHeaders(answer.headers, ['content-encoding']),
    })
  }
}
