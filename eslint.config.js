// Lint rules the type checker cannot give: hooks used correctly, and imports that flow one way
// (shared code → features → routes). See docs/decisions/0013-application-shell-and-boundaries.md.
import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import { importX } from 'eslint-plugin-import-x'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import globals from 'globals'

const dirs = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

// The marketing site's header and footer list the marketing pages: site chrome composed by the
// app, allowed to read the marketing feature's content (and nothing else of any feature).
const siteChrome = ['header', 'footer', 'site-layout']

/** The import-boundary zones: each feature sees no other feature; shared code sees none. */
export function boundaryZones(features = dirs('./src/features/')) {
  return [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message: 'Features do not import each other: move what both need to a shared module, or compose them in a route.',
    })),
    {
      target: [
        ...dirs('./src/components/')
          .filter((dir) => !siteChrome.includes(dir))
          .map((dir) => `./src/components/${dir}`),
        './src/lib',
        './src/styles',
        './src/config',
        './src/dev',
      ],
      from: './src/features',
      message: 'Shared code imports no feature.',
    },
    {
      target: './machines',
      from: './src/features',
      // Known debt, left to the marketing pages' owner: the contact form's machine still reads the
      // form's rules and sender from the marketing feature. No other machine may.
      except: ['./marketing/contact-form'],
      message: 'Machines import no feature: the app supplies effects as actors.',
    },
    {
      target: siteChrome.map((dir) => `./src/components/${dir}`),
      from: './src/features',
      except: ['./marketing/content'],
      message: "The site's header and footer read only the marketing content.",
    },
  ]
}

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'src/routeTree.gen.ts',
      'src/site-route-tree.gen.ts',
      'public/**',
      'node_modules/**',
      '.data/**',
      'tests/unit/fixtures/**',
    ],
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks, 'import-x': importX },
    languageOptions: { globals: { ...globals.browser } },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
)
