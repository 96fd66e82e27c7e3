// Vite wraps every dynamic import in its preload helper, which adds <link rel=modulepreload> and
// stylesheet links for the imported chunk's dependencies. This build asks for neither (no
// modulePreload, one stylesheet), so every list is empty, yet the helper (about 0.7 kB gzip) sits
// in every public page's first load: Vite has no option to leave it out (vitejs/vite#13952). This
// plugin gives the helper's module a body that just runs the import, and refuses to build if a
// setting that would need the real helper is turned on.
import type { Plugin } from 'vite'

export function noPreloadHelper(): Plugin {
  return {
    name: 'no-preload-helper',
    enforce: 'pre',
    apply: 'build',
    configResolved(config) {
      if (config.build.modulePreload !== false || config.build.cssCodeSplit !== false)
        throw new Error('no-preload-helper: needs build.modulePreload and build.cssCodeSplit set to false')
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => ({ code: 'export const __vitePreload = (load) => load()', moduleSideEffects: false }),
    },
  }
}
