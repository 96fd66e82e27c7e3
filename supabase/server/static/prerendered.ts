// Sends the prerendered public pages (scripts/lib/prerender.mjs wrote them into <dist>/prerendered):
// the file for the path and language, with the build's placeholder origin replaced by this
// server's, compressed once per encoding and kept in memory (a few dozen small files).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { prerenderedDir } from '../../../src/lib/prerendered'
import { prerenderOrigin } from '../../../src/lib/seo'

type Encoding = 'br' | 'gzip' | 'identity'

export interface PageBody {
  body: Uint8Array | string
  encoding: Encoding
}

export function preferredEncoding(acceptEncoding: string | undefined): Encoding {
  const accepted = (acceptEncoding ?? '').toLowerCase()
  if (/\bbr\b/.test(accepted)) return 'br'
  if (/\bgzip\b/.test(accepted)) return 'gzip'
  return 'identity'
}

export function prerenderedPages(dist: string) {
  const cache = new Map<string, Promise<PageBody | undefined>>()

  async function load(file: string, origin: string, encoding: Encoding): Promise<PageBody | undefined> {
    let html: string
    try {
      html = await readFile(join(dist, prerenderedDir, file), 'utf8')
    } catch {
      return undefined // a build without prerendered pages (or a page it does not have)
    }
    html = html.replaceAll(prerenderOrigin, origin)
    if (encoding === 'br') {
      const params = { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: html.length }
      return { body: brotliCompressSync(html, { params }), encoding }
    }
    if (encoding === 'gzip') return { body: gzipSync(html, { level: 9 }), encoding }
    return { body: html, encoding }
  }

  /** The page, ready to send; undefined when the build has no such file. */
  return function page(file: string, origin: string, encoding: Encoding): Promise<PageBody | undefined> {
    const key = `${file}\n${origin}\n${encoding}`
    let pending = cache.get(key)
    if (!pending) {
      pending = load(file, origin, encoding)
      cache.set(key, pending)
    }
    return pending
  }
}
