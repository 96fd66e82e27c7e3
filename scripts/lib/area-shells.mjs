// Writes the portal's and the admin area's frames (decision 0049) into <dist>/prerendered/: the
// final index.html (with the area preloads) showing the area's bar, navigation place and
// skeletons in each language, which the server and the static host send for the areas' pages.
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'

/** `ssr` is the prerenderer's bundle; `shell` the final index.html. Returns how many were written. */
export async function writeAreaShells({ out, ssr, shell }) {
  let written = 0
  // One at a time: Lingui's active language is global to the render.
  for (const { area } of ssr.areaShells) {
    for (const locale of ssr.locales) {
      const file = join(out, ssr.areaShellFile(area, locale))
      await mkdir(dirname(file), { recursive: true })
      await writeFile(file, await ssr.areaShellDocument(shell, area, locale))
      written++
    }
  }
  return written
}
