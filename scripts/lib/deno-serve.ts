// Edge Functions on Deno for the tests and the hosted stack, as `supabase functions serve` runs
// them: one `deno run` of supabase/functions/<name>/index.ts each, with its deno.json and the
// environment Supabase gives it, behind one URL that routes /<name>/... to its function.
//
// Each function binds a port Deno picks (DENO_SERVE_ADDRESS port 0) and says which; the router
// binds its own port before anything needs the URL. No port is probed and bound later by another
// process, which raced with parallel test files (AddrInUse).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer, request as httpRequest, type Server } from 'node:http'
import { denoBin, denoEnv, functionFiles } from './deno'

export interface DenoFunction {
  url: string
  /** The Deno process, for a caller that watches its lifetime. */
  child: ChildProcess
  /** What Deno printed so far (for failure messages). */
  output(): string
  stop(): Promise<void>
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}

/**
 * Starts `name` on Deno on a loopback port of its own; resolves once it listens (the first run
 * fetches its npm packages). `echo` passes on what Deno prints after that (the hosted stack's log).
 */
export async function serveOnDeno(
  name: string,
  env: Record<string, string>,
  { echo }: { echo?: (chunk: Buffer) => void } = {},
): Promise<DenoFunction> {
  const { config, entry } = functionFiles(name)
  const child = spawn(
    denoBin,
    ['run', '--no-prompt', '--config', config, '--allow-net=127.0.0.1', '--allow-env', entry],
    { env: denoEnv({ ...env, DENO_SERVE_ADDRESS: 'tcp:127.0.0.1:0' }), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  let url: string | undefined
  const listening = new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      if (url) {
        echo?.(chunk)
        return
      }
      output += chunk.toString()
      const port = /Listening on http:\/\/127\.0\.0\.1:(\d+)\//.exec(output)?.[1]
      if (port) resolve((url = `http://127.0.0.1:${port}`))
    }
    child.stdout!.on('data', read)
    child.stderr!.on('data', read)
    child.once('error', reject)
    child.once('exit', (code) => reject(new Error(`deno exited (${code}) before listening:\n${output}`)))
  })
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
    await exited(child)
  }
  try {
    return { url: await listening, child, output: () => output, stop }
  } catch (error) {
    await stop()
    throw error
  }
}

export interface FunctionsRouter {
  /** FUNCTIONS_URL: `${url}/<name>` reaches the function called `name`. */
  url: string
  /** Routes /<name>/... to `fn` from now on. */
  add(name: string, fn: DenoFunction): void
  close(): Promise<void>
}

/** The one URL in front of the functions, on `port` (0: one the system picks). */
export async function startFunctionsRouter(port = 0): Promise<FunctionsRouter> {
  const routes = new Map<string, URL>()
  const server: Server = createServer((incoming, outgoing) => {
    const name = decodeURIComponent((incoming.url ?? '/').split(/[/?]/)[1] ?? '')
    const target = routes.get(name)
    if (!target) {
      outgoing.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"function not found"}')
      return
    }
    const forwarded = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        path: incoming.url,
        method: incoming.method,
        headers: incoming.headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(outgoing)
      },
    )
    forwarded.on('error', () => {
      if (!outgoing.headersSent) outgoing.writeHead(502)
      outgoing.end()
    })
    incoming.pipe(forwarded)
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  const address = server.address()
  if (!address || typeof address === 'string') throw new Error('the functions router has no port')
  return {
    url: `http://127.0.0.1:${address.port}`,
    add: (name, fn) => void routes.set(name, new URL(fn.url)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
