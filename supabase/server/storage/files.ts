// Object bytes on disk: `<root>/<bucket>/<xx>/<version>`, one file per written version. A write
// streams into a temporary file (size-limited, hashed) and is renamed into place before the
// database row that points at it is committed, so no row ever points at a missing file.
import { createHash, randomUUID } from 'node:crypto'
import { mkdir, open, readdir, rename, rm, stat, copyFile, type FileHandle } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { StorageError, storageErrors } from './errors'

export interface StoredFile {
  version: string
  size: number
  /** MD5 of the bytes, hex. */
  md5: string
}

const SAFE_DIR = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/
const STALE_TEMP_MS = 24 * 60 * 60 * 1000

export class ObjectFiles {
  private readonly tmpDir: string

  constructor(private readonly root: string) {
    this.tmpDir = join(root, '.tmp')
  }

  /** Plain bucket ids are their own folder; anything else (`..`, spaces, slashes) is encoded. */
  private bucketDir(bucketId: string): string {
    return join(this.root, SAFE_DIR.test(bucketId) ? bucketId : `~${Buffer.from(bucketId).toString('base64url')}`)
  }

  pathOf(bucketId: string, version: string): string {
    return join(this.bucketDir(bucketId), version.slice(0, 2), version)
  }

  /** Streams `source` into a new version file, failing with EntityTooLarge past `limit` bytes. */
  async write(bucketId: string, source: ReadableStream<Uint8Array> | null, limit: number): Promise<StoredFile> {
    const version = randomUUID()
    await mkdir(this.tmpDir, { recursive: true })
    const temp = join(this.tmpDir, `${version}.part`)
    const hash = createHash('md5')
    let size = 0
    const handle = await open(temp, 'wx')
    try {
      if (source) size = await copyLimited(source, handle, limit, (chunk) => hash.update(chunk))
      await handle.sync()
      await handle.close()
      await this.place(temp, bucketId, version)
    } catch (error) {
      await handle.close().catch(() => undefined)
      await rm(temp, { force: true })
      throw error
    }
    return { version, size, md5: hash.digest('hex') }
  }

  /** A new version in `toBucket` with the same bytes as an existing one. */
  async duplicate(fromBucket: string, fromVersion: string, toBucket: string): Promise<string> {
    const version = randomUUID()
    await mkdir(this.tmpDir, { recursive: true })
    const temp = join(this.tmpDir, `${version}.part`)
    try {
      await copyFile(this.pathOf(fromBucket, fromVersion), temp)
      await this.place(temp, toBucket, version)
    } catch (error) {
      await rm(temp, { force: true })
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw storageErrors.noSuchKey()
      throw error
    }
    return version
  }

  private async place(temp: string, bucketId: string, version: string) {
    const target = this.pathOf(bucketId, version)
    await mkdir(dirname(target), { recursive: true })
    await rename(temp, target)
    // The rename must reach the disk before the row that points at the file is committed.
    const dir = await open(dirname(target), 'r').catch(() => undefined)
    await dir?.sync().catch(() => undefined)
    await dir?.close()
  }

  /** Opens a version for reading; undefined when the file is gone. */
  async open(bucketId: string, version: string): Promise<{ handle: FileHandle; size: number } | undefined> {
    try {
      const handle = await open(this.pathOf(bucketId, version), 'r')
      return { handle, size: (await handle.stat()).size }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined
      throw error
    }
  }

  /** Best effort: a file left behind is garbage, never a broken object. */
  async remove(bucketId: string, versions: readonly (string | null | undefined)[]) {
    for (const version of versions) {
      if (version) await rm(this.pathOf(bucketId, version), { force: true }).catch(() => undefined)
    }
  }

  async removeBucket(bucketId: string) {
    await rm(this.bucketDir(bucketId), { recursive: true, force: true }).catch(() => undefined)
  }

  /** Deletes temporary files an interrupted upload left, once they are a day old. */
  async sweepStaleTemp(now = Date.now()) {
    const names = await readdir(this.tmpDir).catch(() => [] as string[])
    for (const name of names) {
      const path = join(this.tmpDir, name)
      const info = await stat(path).catch(() => undefined)
      if (info && now - info.mtimeMs > STALE_TEMP_MS) await rm(path, { force: true })
    }
  }
}

async function copyLimited(
  source: ReadableStream<Uint8Array>,
  handle: FileHandle,
  limit: number,
  onChunk: (chunk: Uint8Array) => void,
): Promise<number> {
  const reader = source.getReader()
  let size = 0
  for (;;) {
    let next: ReadableStreamReadResult<Uint8Array>
    try {
      next = await reader.read()
    } catch (error) {
      throw error instanceof StorageError ? error : storageErrors.invalidRequest('The request body could not be read')
    }
    if (next.done) return size
    size += next.value.byteLength
    if (size > limit) {
      await reader.cancel().catch(() => undefined)
      throw storageErrors.entityTooLarge()
    }
    onChunk(next.value)
    await handle.write(next.value)
  }
}
