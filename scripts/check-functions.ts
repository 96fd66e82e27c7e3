// `npm run check:functions`: type-checks every Edge Function on Deno (`deno check` of
// supabase/functions/<name>/index.ts with its deno.json), as Supabase will run it.
import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { denoBin, denoEnv, functionFiles, functionNames } from './lib/deno.ts'

const names = functionNames()
if (names.length === 0) throw new Error('No function found under supabase/functions/<name>/index.ts')
let failed = 0
for (const name of names) {
  const { config, entry } = functionFiles(name)
  if (!existsSync(config)) {
    console.error(`${name}: no deno.json beside index.ts (its npm: import map)`)
    failed += 1
    continue
  }
  const result = spawnSync(denoBin, ['check', '--quiet', '--config', config, entry], {
    env: denoEnv(),
    stdio: 'inherit',
  })
  if (result.error) throw result.error
  if (result.status !== 0) failed += 1
  else console.log(`deno check: ${name} ok`)
}
if (failed > 0) {
  console.error(`deno check failed for ${failed} of ${names.length} function(s)`)
  process.exit(1)
}
