import { defineConfig } from '@lingui/cli'

// Source strings are written in English in code; Spanish lives in locales/es/messages.po.
// `lingui compile --strict` (npm run i18n:compile) fails the build on any missing translation.
export default defineConfig({
  sourceLocale: 'en',
  locales: ['es', 'en'],
  fallbackLocales: { default: 'es' },
  catalogs: [
    {
      path: '<rootDir>/locales/{locale}/messages',
      include: ['src', 'machines'],
    },
  ],
  compileNamespace: 'json',
})
