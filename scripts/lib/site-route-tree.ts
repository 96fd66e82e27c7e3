// The public pages' route tree (src/site-route-tree.gen.ts), generated from the same route files as
// the full one (src/routeTree.gen.ts) without the files and folders of other pages: the sign-in
// pages, the client portal, the admin area, /confirm and /reset-password (decision 0025). Used by
// vite.config.ts (every build and the dev server) and scripts/gen-routes.ts (`npm run gen`).
export const siteRouteTreeConfig = {
  target: 'react' as const,
  routesDirectory: './src/routes',
  generatedRouteTree: './src/site-route-tree.gen.ts',
  // Matched against each file's and folder's own name, at every level.
  routeFileIgnorePattern: '^(_app|admin|client-portal|confirm\\.tsx|reset-password\\.tsx)$',
}
