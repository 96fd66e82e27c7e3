// A stand-in for a BI provider in the end-to-end run (decision 0039), on its own local port: a
// dashboard page that may be framed, one that refuses framing (X-Frame-Options and
// frame-ancestors), and Metabase's signed embedding, `/embed/dashboard/<token>`, which verifies the
// HS256 token with the secret it shares with the dashboard-embed function and shows the dashboard
// and its locked parameters, or refuses an expired or tampered token (401), as Metabase does.
import { createServer, type Server } from 'node:http'
import { jwtVerify } from 'jose'

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head>` +
  `<body><main><h1>${title}</h1>${body}</main></body></html>`

const escape = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`)

export function startBiStandIn(port: number, secret: string): Promise<Server> {
  const key = new TextEncoder().encode(secret)
  const server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://stand-in').pathname
    const send = (status: number, html: string, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'Content-Type': 'text/html; charset=utf-8', ...headers })
      response.end(html)
    }
    if (path === '/frame') return send(200, page('Stand-in dashboard', '<p>Sales by store: 42</p>'))
    if (path === '/refused')
      return send(200, page('Stand-in refusing frames', '<p>Open me in my own tab.</p>'), {
        'X-Frame-Options': 'DENY',
        'Content-Security-Policy': "frame-ancestors 'none'",
      })
    const embed = /^\/embed\/dashboard\/([^/]+)$/.exec(path)
    if (embed) {
      jwtVerify(embed[1]!, key, { algorithms: ['HS256'] }).then(
        ({ payload }) => {
          const resource = payload.resource as { dashboard?: unknown } | undefined
          const params = Object.entries((payload.params ?? {}) as Record<string, unknown>)
            .map(([name, value]) => `<li>${escape(name)}: ${escape(String(value))}</li>`)
            .join('')
          send(200, page(`Metabase stand-in dashboard ${escape(String(resource?.dashboard))}`, `<ul>${params}</ul>`))
        },
        (error: Error) => send(401, page('Token refused', `<p>${escape(error.message)}</p>`)),
      )
      return
    }
    send(404, page('Not found', ''))
  })
  return new Promise((resolve) => server.listen(port, 'localhost', () => resolve(server)))
}
