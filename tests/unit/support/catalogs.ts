// Serves the compiled catalogs (locales/{lng}/messages.json, made by `npm run gen`) to the app's
// fetch in component tests, where there is no web server.
import { readFile } from 'node:fs/promises'
import { resolve } from 'node:path'
import { vi } from 'vitest'

export function serveCatalogs() {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
    const url = String(input)
    const match = /\/locales\/(es|en)\/messages\.json$/.exec(url)
    if (!match) return new Response('Not found', { status: 404 })
    const body = await readFile(resolve('locales', match[1]!, 'messages.json'), 'utf8')
    return new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } })
  })
}
