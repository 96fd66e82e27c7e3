// The prerenderer's bundle (<dist>/server/entry-server.js, built from src/prerender/entry-server.tsx),
// loaded on first use: the server renders its answers to the contact form sent without
// JavaScript with the same components as the browser. Lingui's active language is global to
// the bundle, so renders run one at a time.
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

type SsrModule = typeof import('../../../src/prerender/entry-server')

export interface SsrBundle {
  /** Runs `fn` with the bundle, after any render already under way. */
  use<T>(fn: (ssr: SsrModule, template: string) => Promise<T>): Promise<T>
}

export function ssrBundle(dist: string): SsrBundle {
  let loading: Promise<{ ssr: SsrModule; template: string }> | undefined
  let queue: Promise<unknown> = Promise.resolve()

  async function load() {
    const ssr = (await import(pathToFileURL(join(dist, 'server', 'entry-server.js')).href)) as SsrModule
    await ssr.provideBuiltCatalogs(dist)
    return { ssr, template: await readFile(join(dist, 'index.html'), 'utf8') }
  }

  return {
    use(fn) {
      const run = queue.then(async () => {
        loading ??= load()
        const { ssr, template } = await loading
        return fn(ssr, template)
      })
      queue = run.catch(() => undefined)
      return run
    },
  }
}
