// JSON request bodies of the storage API, read with a size cap and checked against a schema, so a
// malformed or oversized body is a clear 400 and never reaches a handler.
import type { z } from 'zod'
import { storageErrors } from './errors'

const MAX_JSON_BYTES = 2 * 1024 * 1024

async function readCapped(body: ReadableStream<Uint8Array> | null, max: number): Promise<string> {
  if (!body) return ''
  const chunks: Uint8Array[] = []
  let size = 0
  const reader = body.getReader()
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>
    try {
      next = await reader.read()
    } catch {
      throw storageErrors.invalidRequest('The request body could not be read')
    }
    if (next.done) break
    size += next.value.byteLength
    if (size > max) {
      await reader.cancel().catch(() => undefined)
      throw storageErrors.entityTooLarge()
    }
    chunks.push(next.value)
  }
  return Buffer.concat(chunks).toString('utf8')
}

export async function readJson<T extends z.ZodType>(request: Request, schema: T): Promise<z.infer<T>> {
  const text = await readCapped(request.body, MAX_JSON_BYTES)
  let value: unknown
  try {
    value = text.trim() === '' ? {} : JSON.parse(text)
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON')
  }
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const where = issue?.path.length ? `body/${issue.path.join('/')}` : 'body'
    throw storageErrors.invalidRequest(`${where} ${issue?.message ?? 'is invalid'}`)
  }
  return parsed.data
}
