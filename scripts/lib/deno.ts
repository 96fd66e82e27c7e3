// Deno as the Edge Functions' checks and tests run it: the binary of the `deno` npm package (no
// separate download), its cache under the repo's ignored .deno/ (or DENO_DIR), and each function
// with its own deno.json, as Supabase's CLI reads it. Deno fetches only from the npm registry.
import { existsSync, readdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { join } from 'node:path'

const root = fileURLToPath(new URL('../../', import.meta.url))

export const functionsDir = join(root, 'supabase', 'functions')

export const denoBin = join(root, 'node_modules', '.bin', process.platform === 'win32' ? 'deno.cmd' : 'deno')

/** The environment Deno runs in: `extra` on top of ours, with its cache in the repo. */
export function denoEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return { ...process.env, DENO_DIR: process.env.DENO_DIR ?? join(root, '.deno'), NO_COLOR: '1', ...extra }
}

/** The deployable functions: supabase/functions/<name>/index.ts ("_" folders are shared code). */
export function functionNames(): string[] {
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
    .filter((entry) => existsSync(join(functionsDir, entry.name, 'index.ts')))
    .map((entry) => entry.name)
    .sort()
}

/** A function's entry point and the deno.json beside it, as `deno` arguments. */
export function functionFiles(name: string): { config: string; entry: string } {
  return { config: join(functionsDir, name, 'deno.json'), entry: join(functionsDir, name, 'index.ts') }
}
