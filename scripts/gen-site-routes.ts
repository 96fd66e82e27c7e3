// Writes src/site-route-tree.gen.ts, as the build does (scripts/lib/site-route-tree.ts).
import { Generator, getConfig } from '@tanstack/router-generator'
import { siteRouteTreeConfig } from './lib/site-route-tree.ts'

const root = process.cwd()
await new Generator({ config: getConfig(siteRouteTreeConfig, root), root }).run()
