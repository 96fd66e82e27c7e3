// Which of our modules go into the one `site` chunk that every public page loads first.
//
// Left to itself the bundler gives each set of importers its own chunk: the home page's first
// load was about 40 files, many under 500 bytes. Each pays a request, and gzip compresses them
// one by one (the same 82 KB gzipped 31 KB as files and 23 KB together). The site chunk holds
// what every public page runs anyway: the app's start, the route tree and its route stubs, the
// site's frame (header, footer, menus), and what the home page, where most visits start, shares
// with other marketing pages. What the home page does not use stays out of its first load (a
// module other pages share gets a chunk of its own), and nothing here may import a library
// the public pages do not load (supabase-js, TanStack Query, xstate): only our own modules are
// taken, and only those the public pages reach through static imports.
import { fileURLToPath } from 'node:url'
import type { ChunkingContext } from 'rolldown'

/** The module that starts the public pages' app (the prerendered pages import it inline). */
const entry = fileURLToPath(new URL('../../src/site-app.tsx', import.meta.url))
/** The app with every route (src/main.tsx imports it): the sign-in pages, the portal, the admin area. */
const appEntry = fileURLToPath(new URL('../../src/app.tsx', import.meta.url))
/** The marketing pages' lazy parts (auth pages and the contact form carry libraries: not these). */
const marketingPages =
  /[\\/]src[\\/]routes[\\/]\{-\$lang\}[\\/]_site[\\/](index|services[\\/]\$service|specializations[\\/]\$specialization|legal[\\/]\$document|case-studies[\\/](index|\$caseStudy))\.tsx\?tsr-split=/
/** The home page's lazy part. */
const homePage = /[\\/]src[\\/]routes[\\/]\{-\$lang\}[\\/]_site[\\/]index\.tsx\?tsr-split=/
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

/**
 * A `name` function for a codeSplitting group: `chunk` for the modules `find` lists, else none.
 * They are found once per build, on the first call: the graph is complete by then.
 */
function chunkNamed(
  chunk: string,
  find: (ctx: ChunkingContext) => Set<string>,
): (id: string, ctx: ChunkingContext) => string | null {
  let members: Set<string> | undefined
  return (id, ctx) => {
    members ??= find(ctx)
    return members.has(id) ? chunk : null
  }
}

/** A `name` function for a codeSplitting group: `site` for the modules above, else none. */
export const siteChunk = () => chunkNamed('site', findMembers)

function findMembers(ctx: ChunkingContext): Set<string> {
  // Only what the public pages' app reaches: the other entry's modules (src/app.tsx) are not theirs.
  if (!ctx.getModuleInfo(entry)) throw new Error(`site chunk: the build has no module ${entry}`)
  const ids = allModules(ctx, entry)
  const members = new Set<string>()
  const add = (set: Set<string>) => set.forEach((id) => members.add(id))
  add(staticClosure(entry, ctx))
  const uses = new Map<string, number>()
  let home = new Set<string>()
  for (const id of ids.filter((id) => marketingPages.test(id))) {
    const closure = staticClosure(id, ctx)
    if (homePage.test(id)) home = closure
    for (const module of closure) uses.set(module, (uses.get(module) ?? 0) + 1)
  }
  for (const [id, count] of uses) if (count >= sharedBy && home.has(id)) members.add(id)
  return members
}

// ─── The app's chunk ─────────────────────────────────────────────────────────────────────────
//
// The same for the other entry, src/app.tsx, which every sign-in page, portal page and admin page
// loads: the route tree's stubs (each route's search rules, head and lazy parts) were a score of
// files of 0.1 to 0.5 kB, each a request and each gzipped alone (10.1 kB as files, 6.9 kB as one,
// 2026-11-28). The `app` chunk holds our modules src/app.tsx reaches through static imports, the
// area pages' lazy parts import them from there (it is always loaded before them). Not taken: what
// the site chunk holds, and any module the public pages' app reaches at all (a public page's lazy
// part would otherwise load this chunk for one helper).

/** A `name` function for a codeSplitting group after the site's: `app` for the modules above, else none. */
export const appChunk = () => chunkNamed('app', findAppMembers)

function findAppMembers(ctx: ChunkingContext): Set<string> {
  if (!ctx.getModuleInfo(appEntry)) throw new Error(`app chunk: the build has no module ${appEntry}`)
  const publicModules = new Set(allModules(ctx, entry))
  return new Set([...staticClosure(appEntry, ctx)].filter((id) => !publicModules.has(id)))
}
