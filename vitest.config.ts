import { defineConfig, mergeConfig } from 'vitest/config'
import viteConfig from './vite.config.ts'

export default mergeConfig(
  viteConfig,
  defineConfig({
    test: {
      include: ['tests/unit/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['tests/unit/setup.ts'],
      restoreMocks: true,
    },
  }),
)
