// Runs one Edge Function on Deno as Supabase does: `deno run` of supabase/functions/<name>/index.ts
// with its deno.json and the environment Supabase gives it, on a loopback port of our choosing
// (DENO_SERVE_ADDRESS: index.ts calls a plain `Deno.serve`).
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { denoBin, denoEnv, functionFiles } from '../../../scripts/lib/deno'

export interface DenoFunction {
  url: string
  /** What Deno printed so far (for failure messages). */
  output(): string
  stop(): Promise<void>
}

/** A loopback port nobody listens on now (the function binds it a moment later). */
export async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const address = probe.address()
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  if (!address || typeof address === 'string') throw new Error('no port')
  return address.port
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()))
}

/** Starts `name` on Deno at 127.0.0.1:`port`; resolves once it listens (the first run fetches its npm packages). */
export async function serveOnDeno(name: string, port: number, env: Record<string, string>): Promise<DenoFunction> {
  const { config, entry } = functionFiles(name)
  const child = spawn(
    denoBin,
    ['run', '--no-prompt', '--config', config, '--allow-net=127.0.0.1', '--allow-env', entry],
    { env: denoEnv({ ...env, DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}` }), stdio: ['ignore', 'pipe', 'pipe'] },
  )
  let output = ''
  const listening = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes(`Listening on http://127.0.0.1:${port}/`)) resolve()
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
    await listening
  } catch (error) {
    await stop()
    throw error
  }
  return { url: `http://127.0.0.1:${port}`, output: () => output, stop }
}
