import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import babel from '@rolldown/plugin-babel'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import { vanillaExtractPlugin } from '@vanilla-extract/vite-plugin'
import { compression, defineAlgorithm } from 'vite-plugin-compression2'
import { fileURLToPath } from 'node:url'
import { siteChunk } from './scripts/lib/site-chunk.ts'

// One alias per root instead of ../../../ (tsconfig.json's paths say the same for tsc and tsx).
export const alias = {
  '@/': fileURLToPath(new URL('./src/', import.meta.url)),
  '@machines/': fileURLToPath(new URL('./machines/', import.meta.url)),
}

// Plugin order matters: the router plugin must run before react() (it splits route files),
// and Lingui macros must be expanded before anything else reads the JSX.
export default defineConfig(({ isSsrBuild }) => ({
  // The prerenderer's bundle (src/entry-server.tsx) needs no copy of public/ and no compressed files.
  publicDir: isSsrBuild ? false : 'public',
  resolve: {
    alias: {
      ...alias,
      // TanStack Store and @xstate/react ask for the shim that brings useSyncExternalStore to
      // React < 18. React 19 has the hook: the package's non-shim entry and React's own hook
      // serve instead (the shim's copy was 0.4 KB gzip on every page).
      'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      'use-sync-external-store/shim': fileURLToPath(new URL('./src/lib/use-sync-external-store.ts', import.meta.url)),
    },
  },
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      // Loaders go with their page's lazy chunk: they read data through supabase-js, which the
      // public pages must never download.
      codeSplittingOptions: { defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent']] },
    }),
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
    // The prerenderer reads which chunk is src/app.tsx: each public page imports it inline.
    manifest: !isSsrBuild,
    // No preload map: it listed every chunk of the portal and the admin area in the first load of
    // every public page (2 KB gzip). A lazy page's chunks load when its module asks for them.
    modulePreload: false,
    // All CSS is ~5 KB gzip: one stylesheet beats several render-blocking requests.
    cssCodeSplit: false,
    rolldownOptions: {
      // Plugin timing reports are for profiling the build, not for every `npm start`.
      checks: { pluginTimings: false },
      output: {
        codeSplitting: {
          // The framework every page runs on, in one file: dozens of tiny shared chunks would
          // each pay a request and compress worse. Page-specific libraries stay in their pages.
          groups: [
            {
              name: 'framework',
              // TanStack Query is not here: only the portal and the admin area use it.
              test: /node_modules[\\/](react|react-dom|scheduler|@tanstack[\\/](react-router|router-core|history|store|react-store)|@lingui|use-sync-external-store)[\\/]/,
            },
            {
              // Not on a public page's first load: its menus load their machines on first use
              // (src/lib/lazy-actor.ts); the contact form, the portal and the admin area need it.
              name: 'xstate',
              test: /node_modules[\\/](xstate|@xstate)[\\/]/,
            },
            // Our modules every public page runs, in one file (scripts/lib/site-chunk.ts).
            ...(isSsrBuild ? [] : [{ name: siteChunk() }]),
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
  },
}))
