// Writes both route trees, as the build does: src/routeTree.gen.ts (every route) and
// src/site-route-tree.gen.ts (the public pages, scripts/lib/site-route-tree.ts). In-process
// through the generator's ES module: the `tsr generate` CLI loads its CommonJS build, whose
// circular require made Node print a warning on every `npm start`.
import { Generator, getConfig } from '@tanstack/router-generator'
import { siteRouteTreeConfig } from './lib/site-route-tree.ts'

const root = process.cwd()
for (const config of [{ target: 'react' as const }, siteRouteTreeConfig]) {
  await new Generator({ config: getConfig(config, root), root }).run()
}
