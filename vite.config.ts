import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter, tanstackRouterGenerator } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { fileURLToPath } from 'node:url'
import { appChunk, siteChunk } from './scripts/lib/site-chunk.ts'
import { noPreloadHelper } from './scripts/lib/no-preload-helper.ts'
import { inlineFavicon } from './scripts/lib/inline-favicon.ts'
import { siteRouteTreeConfig } from './scripts/lib/site-route-tree.ts'

// One alias per root instead of ../../../ (tsconfig.json's paths say the same for tsc and tsx).
export const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@machines/': fileURLToPath(new URL('./machines/', import.meta.url)),
  // Edge Functions' shared code (rules, vocabularies, database types) that the app uses too.
  '@functions/': fileURLToPath(new URL('./supabase/functions/', import.meta.url)),
}

/** The pathless layouts that render the public pages' frame (decision 0054). */
const frameLayouts = new Set(['/{-$lang}/_site', '/{-$lang}/_sign-in'])

// Plugin order matters: the router plugin must run before react() (it splits route files),
// and Lingui macros must be expanded before anything else reads the JSX.
export default defineConfig(({ isSsrBuild }) => ({
  // The prerenderer's bundle (src/prerender/entry-server.tsx) needs no copy of public/ and no compressed files.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: {
      ...alias,
      // TanStack Store and @xstate/react ask for the shim that brings useSyncExternalStore to
      // React < 18. React 19 has the hook: the package's non-shim entry and React's own hook
      // serve instead (the shim's copy was 0.4 KB gzip on every page).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      'use-sync-external-store/shim': fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
      // supabase-js's Storage client brings iceberg-js for analytics buckets, which the app never
      // uses (1.4 kB gzip on every area page): a stub that throws if one is ever asked for.
      'iceberg-js': fileURLToPath(new URL('./src/lib/no-iceberg.ts', import.meta.url)),
    },
  },
  plugins: [
    noPreloadHelper(),
    inlineFavicon(),
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders go with their page's lazy chunk: they read data through supabase-js, which the
      // public pages must never download.
      codeSplittingOptions: {
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']],
        // The public pages' frame is in their first load anyway (scripts/lib/site-chunk.ts): a
        // lazy chunk of its own would only add a request before the first render. The sign-in
        // pages' layout wears the same frame, unsplit too: the same component object in both
        // layouts keeps the frame mounted between them (a lazy wrapper would be another type).
        splitBehavior: ({ routeId }) => (frameLayouts.has(routeId) ? [] : undefined),
      },
    }),
    // The public pages' own tree from the same files (decision 0025); the plugin above splits them.
    tanstackRouterGenerator(siteRouteTreeConfig),
    react(),
    babel({
      // Only files that import a Lingui macro need Babel; everything else stays on the fast path.
      include: [/\/(src|machines)\/.*\.[jt]sx?$/],
      plugins: ['@lingui/babel-plugin-lingui-macro'],
    }),
    vanillaExtractPlugin(),
    // Brotli and gzip copies next to each file; the server sends them as they are.
    !isSsrBuild &&
      compression({
        algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip')],
        include: /\.(js|css|html|json|svg|xml|txt)$/,
      }),
  ],
  build: {
    target: 'es2022',
    sourcemap: true,
    // The prerenderer reads which chunk is src/site-app.tsx: each public page imports it inline.
    manifest: !isSsrBuild,
    // No preload map: it listed every chunk of the portal and the admin area in the first load of
    // every public page (2 KB gzip). A lazy page's chunks load when its module asks for them.
    modulePreload: false,
    // All CSS is ~5 KB gzip: one stylesheet beats several render-blocking requests.
    cssCodeSplit: false,
    rolldownOptions: {
      // index.html starts src/app.tsx (every route); the prerendered pages start src/site-app.tsx.
      input: isSsrBuild ? undefined : { index: 'index.html', 'site-app': 'src/site-app.tsx' },
      // Vite drops an app entry's exports; the pages' inline script calls site-app's startApp.
      preserveEntrySignatures: isSsrBuild ? undefined : 'exports-only',
      // Plugin timing reports are for profiling the build, not for every `npm start`.
      checks: { pluginTimings: false },
      output: {
        // The compiled catalogs (src/lib/catalog-urls.ts) are named after their language.
        assetFileNames: (asset) => {
          const locale = asset.originalFileNames
            .map((name) => /^locales\/(\w+)\/messages\.json$/.exec(name)?.[1])
            .find(Boolean)
          return locale ? `assets/catalog-${locale}-[hash][extname]` : 'assets/[name]-[hash][extname]'
        },
        codeSplitting: {
          // The framework every page runs on, in one file: dozens of tiny shared chunks would
          // each pay a request and compress worse. Page-specific libraries stay in their pages.
          // The prerenderer's bundle is not downloaded: one chunk per module is fine there.
          groups: isSsrBuild
            ? []
            : [
                {
                  // TanStack Query is not here: only the portal and the admin area use it.
                  name: 'framework',
                  test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|@lingui|use-sync-external-store)[\\/]/,
                },
                {
                  // Only the portal and the admin area use TanStack Query: one file instead of the
                  // eight small chunks (hooks, provider, boundary) the bundler cut it into, each a
                  // request before an area page can render.
                  name: 'query',
                  test: /node_modules[\\/]@tanstack[\\/](query-core|react-query)[\\/]/,
                },
                {
                  // Not on a public page's first load: its menus load their machines on first use
                  // (src/lib/lazy-actor.ts); the contact form, the portal and the admin area need it.
                  name: 'xstate',
                  test: /node_modules[\\/](xstate|@xstate)[\\/]/,
                },
                // Our modules every public page runs, in one file (scripts/lib/site-chunk.ts).
                { name: siteChunk() },
                // Our modules every sign-in, portal and admin page runs, in one file (the same file).
                { name: appChunk() },
              ],
        },
      },
    },
  },
  server: {
    port: 5173,
  },
}))
