// The public pages' route tree (src/site-route-tree.gen.ts), generated from the same route files as
// the full one (src/routeTree.gen.ts), keeping only what is listed here (decision 0025). An
// allow-list: a route file or folder added anywhere else (a new sign-in page, a new area) stays out
// of the public pages' bundle until it is named here. Used by vite.config.ts (every build and the
// dev server) and scripts/gen-routes.ts (`npm run gen`).

/** The file and folder names the public tree keeps, at any level under src/routes. */
export const sitePageFiles = [
  '__root.tsx',
  '{-$lang}',
  'route.tsx',
  // The public pages' layout (header, footer, content area) and its pages. Not `_sign-in` (the
  // sign-in pages' layout, in the same frame) nor `_app` (the portal and the admin area): the
  // whole app's tree has them (decision 0054).
  '_site',
  'index.tsx',
  'contact.tsx',
  'legal',
  '$document.tsx',
  'services',
  '$service.tsx',
  'specializations',
  '$specialization.tsx',
  'case-studies',
  '$caseStudy.tsx',
] as const

const escaped = sitePageFiles.map((name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))

export const siteRouteTreeConfig = {
  target: 'react' as const,
  routesDirectory: './src/routes',
  generatedRouteTree: './src/site-route-tree.gen.ts',
  // The generator matches it against each file's and folder's own name, at every level, and skips
  // what matches: here, every name that is not listed (a folder not listed takes its files along).
  routeFileIgnorePattern: `^(?!(?:${escaped.join('|')})$)`,
}
