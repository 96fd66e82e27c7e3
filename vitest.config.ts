import { defineConfig, mergeConfig } from 'vitest/config'
import babel from '@rolldown/plugin-babel'
import viteConfig, { alias } from './vite.config.ts'

// Two tiers: unit tests (machines, pure functions, components in happy-dom) and integration
// tests (our server in-process, real databases, the real supabase-js as the client).
export default defineConfig((env) =>
  mergeConfig(
    viteConfig(env),
    defineConfig({
      test: {
        restoreMocks: true,
        projects: [
          {
            extends: true,
            test: {
              name: 'unit',
              include: ['tests/unit/**/*.test.{ts,tsx}'],
              environment: 'happy-dom',
              setupFiles: ['tests/unit/setup.ts'],
              // Vitest's default leaves one of 2 cores idle; most of a unit file's time is setting up.
              maxWorkers: 2,
            },
          },
          {
            resolve: { alias },
            // Lingui's macros only: tests that hold a schema (src/lib/rules) against the database
            // import its messages.
            plugins: [babel({ include: [/\/src\/.*\.[jt]sx?$/], plugins: ['@lingui/babel-plugin-lingui-macro'] })],
            test: {
              name: 'integration',
              include: ['tests/integration/**/*.test.ts'],
              environment: 'node',
              globalSetup: ['tests/integration/support/global-setup.ts'],
              testTimeout: 30_000,
              hookTimeout: 60_000,
              // Each file starts a server on its own database copy; two at a time suits 2 cores.
              maxWorkers: 2,
              // No file mocks a module or changes globals, and each starts its own server: a worker
              // keeps the modules it has loaded for its next file instead of loading them again.
              isolate: false,
            },
          },
        ],
      },
    }),
  ),
)
