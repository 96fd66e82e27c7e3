// A port free at the time of asking. Another process may take it before the caller binds it (as a
// listener, or as a client socket's local port), so callers that start a server retry on EADDRINUSE.
import { createServer } from 'node:net'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}
