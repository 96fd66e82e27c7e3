// Which of our modules go into the one `site` chunk that every public page loads first.
//
// Left to itself the bundler gives each set of importers its own chunk: the home page's first
// load was about 40 files, many under 500 bytes. Each pays a request, and gzip compresses them
// one by one (the same 82 KB gzipped 31 KB as files and 23 KB together). The site chunk holds
// what every public page runs anyway: the app's start, the route tree and its route stubs, the
// site's frame (header, footer, menus), and the modules two or more marketing pages share.
// What a single page needs stays in its page's chunk, and nothing here may import a library
// the public pages do not load (supabase-js, TanStack Query, xstate): only our own modules are
// taken, and only those the public pages reach through static imports.
import type { ChunkingContext } from 'rolldown'

/** The module that starts the app (the prerendered pages import it inline). */
const entry = /[\\/]src[\\/]app\.tsx$/
/** The frame of every public page: the language layout and the marketing site's layout. */
const frames = /[\\/]src[\\/]routes[\\/]\{-\$lang\}[\\/](_site[\\/])?route\.tsx\?tsr-split=/
/** The marketing pages' lazy parts (auth pages and the contact form carry libraries: not these). */
const marketingPages =
  /[\\/]src[\\/]routes[\\/]\{-\$lang\}[\\/]_site[\\/](index|services[\\/]\$service|specializations[\\/]\$specialization|legal[\\/]\$document)\.tsx\?tsr-split=/
/** Taken when this many of the marketing routes above share it (a page of two kinds stays apart). */
const sharedBy = 3
const ours = /[\\/](src|machines)[\\/]/
const library = /[\\/]node_modules[\\/]/

/** Our modules a root reaches by static imports (the root included). */
function staticClosure(root: string, ctx: ChunkingContext): Set<string> {
  const seen = new Set<string>()
  const pending = [root]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (seen.has(id) || library.test(id) || !ours.test(id)) continue
    seen.add(id)
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []))
  }
  return seen
}

/** Every module id the graph holds, from the entry through static and dynamic imports. */
function allModules(ctx: ChunkingContext, start: string): string[] {
  const seen = new Set<string>()
  const pending = [start]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    const info = ctx.getModuleInfo(id)
    pending.push(...(info?.importedIds ?? []), ...(info?.dynamicallyImportedIds ?? []))
  }
  return [...seen]
}

/** A `name` function for a codeSplitting group: `site` for the modules above, else none. */
export function siteChunk(): (id: string, ctx: ChunkingContext) => string | null {
  let members: Set<string> | undefined
  return (id, ctx) => {
    members ??= findMembers(id, ctx)
    return members.has(id) ? 'site' : null
  }
}

function findMembers(anyId: string, ctx: ChunkingContext): Set<string> {
  // Computed once per build, on the first call: the graph is complete by then.
  const ids = allModules(ctx, findEntry(anyId, ctx))
  const members = new Set<string>()
  const add = (set: Set<string>) => set.forEach((id) => members.add(id))
  for (const id of ids) if (entry.test(id) || frames.test(id)) add(staticClosure(id, ctx))
  const uses = new Map<string, number>()
  for (const id of ids.filter((id) => marketingPages.test(id))) {
    for (const module of staticClosure(id, ctx)) uses.set(module, (uses.get(module) ?? 0) + 1)
  }
  for (const [id, count] of uses) if (count >= sharedBy) members.add(id)
  return members
}

function findEntry(anyId: string, ctx: ChunkingContext): string {
  // Walk importers up from the first module the bundler asks about until an entry module.
  const seen = new Set<string>()
  const pending = [anyId]
  while (pending.length > 0) {
    const id = pending.pop()!
    if (seen.has(id)) continue
    seen.add(id)
    if (entry.test(id)) return id
    const info = ctx.getModuleInfo(id)
    pending.push(...(info?.importers ?? []), ...(info?.dynamicImporters ?? []))
  }
  throw new Error(`site chunk: src/app.tsx is not reachable from ${anyId}`)
}
