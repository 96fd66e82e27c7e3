// Lint rules the type checker cannot give, over every file that is code: hooks used correctly, and
// imports that flow one way (shared code → features → areas → routes). See
// docs/decisions/0013-application-shell-and-boundaries.md, 0029-one-home-per-concept.md and
// 0032-lint-everything-that-is-code.md.
import { readFileSync, readdirSync } from 'node:fs'
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

// The public site's header and footer list the public pages: site chrome composed by the app,
// allowed to read the site feature's content (and nothing else of any feature).
const siteChrome = ['header', 'footer', 'site-layout']

/**
 * The import-boundary zones of decision 0029: a feature imports shared code (lib, components,
 * config, styles) and itself, never another feature; areas and routes compose features; nothing
 * imports an area or a route; shared code imports no feature and no area.
 */
export function boundaryZones(features = dirs('./src/features/'), areas = dirs('./src/areas/')) {
  const shared = [
    ...dirs('./src/components/')
      .filter((dir) => !siteChrome.includes(dir))
      .map((dir) => `./src/components/${dir}`),
    './src/lib',
    './src/styles',
    './src/config',
    './src/dev',
  ]
  return [
    ...features.map((feature) => ({
      target: `./src/features/${feature}`,
      from: './src/features',
      except: [`./${feature}`],
      message:
        'Features do not import each other: move what both need to a shared module, or compose them in an area or a route.',
    })),
    ...areas.map((area) => ({
      target: `./src/areas/${area}`,
      from: './src/areas',
      except: [`./${area}`],
      message: 'An area does not import another area: move what both need to a feature or a shared module.',
    })),
    {
      target: ['./src/features', ...shared, ...siteChrome.map((dir) => `./src/components/${dir}`), './machines'],
      from: ['./src/areas', './src/routes'],
      message: 'Nothing imports an area or a route: they compose features, and only routes compose areas.',
    },
    {
      target: shared,
      from: './src/features',
      message: 'Shared code imports no feature.',
    },
    {
      // src/prerender renders the app at build time (decision 0029); the app never imports it.
      target: ['./src/features', './src/areas', './src/routes', ...shared, './machines'],
      from: './src/prerender',
      message: 'Nothing in the app imports the prerenderer: it renders the app at build time.',
    },
    {
      // Our server serves the app (decision 0004); the app never runs it.
      target: ['./src', './machines'],
      from: './supabase/server',
      message: 'The app and its machines import nothing of our server: what both need lives in src/lib or src/config.',
    },
    {
      target: './machines',
      from: './src/features',
      message: 'Machines import no feature: the app supplies effects as actors.',
    },
    {
      target: siteChrome.map((dir) => `./src/components/${dir}`),
      from: './src/features',
      except: ['./site/content'],
      message: "The site's header and footer read only the site's content.",
    },
  ]
}

/**
 * What our server imports from the app, module by module (decision 0032, amended 2026-11-28): the
 * public pages' list and locales, the auth policy's durations, the development keys' anon key, the
 * page template, and the prerenderer's output and its server-render entry. A module added here is a
 * choice made in review; a feature, an area, a route, a component or a machine never is one.
 */
const serverImportsFromApp = [
  './lib/auth/policy.ts',
  './lib/html-document.ts',
  './lib/locale.ts',
  './lib/pages.ts',
  './lib/seo.ts',
  './config/supabase.ts',
  './prerender/area-shell-files.ts',
  './prerender/entry-server.tsx',
  './prerender/prerendered.ts',
]

/** Our server's import zones: the app's modules it may use, and none of the machines. */
export function serverZones() {
  return [
    {
      target: './supabase/server',
      from: './src',
      except: serverImportsFromApp,
      message:
        'Our server imports from the app only the modules eslint.config.js lists (serverImportsFromApp): never a feature, an area, a route or a component.',
    },
    {
      target: './supabase/server',
      from: './machines',
      message: "Our server imports no machine: machines are the app's.",
    },
  ]
}

// What git ignores is not ours to lint: build output, reports, and caches such as Deno's .deno/,
// which holds the Edge Functions' npm packages once `npm run check:functions` has run. Each line
// of .gitignore as a glob: anchored when it holds a slash, at any depth otherwise.
const gitIgnored = readFileSync(new URL('./.gitignore', import.meta.url), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#') && !line.startsWith('!'))
  .flatMap((line) => {
    const path = line.replace(/\/$/, '')
    const glob = path.includes('/') ? path.replace(/^\//, '') : `**/${path}`
    return [glob, `${glob}/**`]
  })

// Every file that is code, in zones: each zone adds its runtime's globals and its own rules.
const code = '**/*.{js,mjs,cjs,ts,mts,cts,tsx}'
const nodeCode = ['supabase/server/**', 'supabase/demo-files/**', 'scripts/**', '*.{js,mjs,ts}']

export default tseslint.config(
  {
    ignores: [
      ...gitIgnored,
      'src/routeTree.gen.ts',
      'src/site-route-tree.gen.ts',
      'public/**',
      'tests/unit/fixtures/**',
    ],
  },
  {
    files: [code],
    extends: [js.configs.recommended, tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js modules, and the cycle rule sees no TypeScript import.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts', '.cts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Type-aware rules, on the program tsconfig.json describes, where a promise nobody awaits loses an
  // error a user or a client would see: the app, its machines, our server and the Edge Functions.
  // Over the tests and scripts too, the lint took about 60 s more than without type information on
  // 2 cores, against about 45 s for these zones (decision 0032). A function's index.ts is left out:
  // the tsconfig excludes it (Deno's globals), and `npm run check:functions` type-checks it on Deno.
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts', 'supabase/server/**/*.ts', 'supabase/functions/**/*.ts'],
    ignores: ['supabase/functions/*/index.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'machines/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones() }],
    },
  },
  // Our server, the scripts, the demo files and the root config files run on Node.
  {
    files: nodeCode,
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['supabase/server/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: serverZones() }] },
  },
  // Edge Functions run on Deno (and, through handler.ts, in our Node server): web-standard globals
  // and Deno's namespace only, never Node's; each is deployed on its own, so it imports nothing from
  // outside supabase/functions (decision 0026).
  {
    files: ['supabase/functions/**'],
    languageOptions: { globals: { ...globals.worker, Deno: 'readonly' } },
    rules: {
      'no-restricted-globals': [
        'error',
        ...['process', 'Buffer', 'global', 'require', 'module', '__dirname', '__filename', 'setImmediate'].map(
          (name) => ({ name, message: 'Edge Functions run on Deno: use a web-standard API or Deno.env.' }),
        ),
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './supabase/functions',
              from: '.',
              except: ['./supabase/functions', './node_modules'],
              message: 'An Edge Function is deployed on its own: it imports only from supabase/functions and packages.',
            },
          ],
        },
      ],
    },
  },
  // Tests run on Node (Vitest, Playwright's runner) and drive a browser or happy-dom. No Vitest or
  // Playwright ESLint plugin is installed; a focused test is refused here as CI refuses it at run
  // time, so it is caught before a push.
  {
    files: ['tests/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression > MemberExpression.callee[property.name='only']",
          message: 'A focused test (.only) would run alone: remove .only.',
        },
      ],
    },
  },
)
