// Where the areas' prerendered frames (area-shell.tsx, decision 0049) live in the build, shared by
// the prerenderer, the server and the static host. One file per area and language; the same
// for a prefixed and an unprefixed address (the frame has no links).
import type { Locale } from '../lib/locale'
import { privateAreaPrefixes, withoutLangPrefix } from '../lib/pages'

export type AreaShell = 'client' | 'staff'

/** The areas and the unprefixed path every one of their pages starts with. */
export const areaShells: readonly { area: AreaShell; prefix: string }[] = [
  { area: 'client', prefix: '/client-portal/dashboard' },
  { area: 'staff', prefix: '/admin/dashboard' },
]

if (areaShells.some(({ prefix }) => !privateAreaPrefixes.includes(prefix)))
  throw new Error('An area shell names a path that is not an area (src/lib/pages.ts)')

/** Marks #app holding an area's frame: the app renders over it. */
export const areaShellAttribute = 'data-area-shell-page'

/** In the prerendered folder. */
export function areaShellFile(area: AreaShell, locale: Locale): string {
  return `area-shells/${area}-${locale}.html`
}

/** The area a path (prefixed or not) belongs to, if any. */
export function areaOfPath(pathname: string, locales: readonly string[]): AreaShell | undefined {
  const path = withoutLangPrefix(pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname, locales)
  return areaShells.find(({ prefix }) => path === prefix || path.startsWith(`${prefix}/`))?.area
}
