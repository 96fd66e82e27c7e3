// The name a downloaded document is saved under, and how it reaches the storage server: on the
// signed URL's `download` parameter, encoded once, so the server's Content-Disposition carries
// it in full as filename*=UTF-8''… (RFC 6266 / RFC 5987), accents and all.

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/**
 * The document's name with the stored file's extension, as the person wrote it (accents, ñ and
 * spaces kept); only the characters no file system accepts (/ \ : * ? " < > | and controls) become
 * "-". Falls back to the stored file's name when nothing readable is left.
 */
export function downloadName(documentName: string, storagePath: string): string {
  const extension = extensionOf(storagePath)
  const named =
    !extension || documentName.toLowerCase().endsWith(`.${extension}`) ? documentName : `${documentName}.${extension}`
  const safe = named
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, '-')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.-]+/, '')
    .trim()
    .slice(0, 200)
  const stem = safe.replace(/\.[^.]*$/, '')
  return /[\p{L}\p{N}]/u.test(stem) ? safe : (storagePath.split('/').pop() ?? 'file')
}

/** `signedUrl` with the name to save the file under, percent-encoded once. */
export function withDownloadName(signedUrl: string, fileName: string): string {
  const url = new URL(signedUrl)
  url.searchParams.set('download', fileName)
  return url.toString()
}
