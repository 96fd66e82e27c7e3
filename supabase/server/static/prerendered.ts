// Sends the prerendered public pages (scripts/lib/prerender.mjs wrote them into <dist>/prerendered):
// the file for the path and language, with the build's placeholder origin replaced by this
// server's, compressed once per encoding and kept in memory (a few dozen small files).
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { prerenderedDir } from '../../../src/prerender/prerendered'
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

/** Absolute URLs of a page rendered by the build or by the SSR bundle, on this server's origin. */
export function withOrigin(html: string, origin: string): string {
  return html.replaceAll(prerenderOrigin, origin)
}

function compress(html: string, encoding: Encoding, quality: number): PageBody {
  if (encoding === 'br') {
    const params = { [constants.BROTLI_PARAM_QUALITY]: quality, [constants.BROTLI_PARAM_SIZE_HINT]: html.length }
    return { body: brotliCompressSync(html, { params }), encoding }
  }
  if (encoding === 'gzip') return { body: gzipSync(html, { level: Math.min(quality, 9) }), encoding }
  return { body: html, encoding }
}

export function prerenderedPages(dist: string) {
  const htmlCache = new Map<string, Promise<string | undefined>>()
  const bodyCache = new Map<string, Promise<PageBody | undefined>>()

  function html(file: string, origin: string): Promise<string | undefined> {
    const key = `${file}\n${origin}`
    let pending = htmlCache.get(key)
    if (!pending) {
      pending = readFile(join(dist, prerenderedDir, file), 'utf8').then(
        (text) => withOrigin(text, origin),
        () => undefined, // a build without prerendered pages (or a page it does not have)
      )
      htmlCache.set(key, pending)
    }
    return pending
  }

  /**
   * The page, ready to send; undefined when the build has no such file. A page that changes with
   * each request (`perRequest`: the contact form's signed token) is compressed each time, quickly.
   */
  return async function page(
    file: string,
    origin: string,
    encoding: Encoding,
    perRequest?: (html: string) => string,
  ): Promise<PageBody | undefined> {
    if (perRequest) {
      const text = await html(file, origin)
      return text === undefined ? undefined : compress(perRequest(text), encoding, 5)
    }
    const key = `${file}\n${origin}\n${encoding}`
    let pending = bodyCache.get(key)
    if (!pending) {
      pending = html(file, origin).then((text) => (text === undefined ? undefined : compress(text, encoding, 11)))
      bodyCache.set(key, pending)
    }
    return pending
  }
}
