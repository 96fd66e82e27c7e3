// A document's download link: first the download is recorded in the database
// (public.record_document_download, which also decides whether the caller may read the document),
// then Storage signs a short link. Supabase Storage tells the database nothing about the files it
// serves, so the record is taken here, where the app asks for the link (decision 0028). The client
// is a parameter (the app passes its own), so the integration tests run this very code.
import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '../database.types'
import { storageFailure } from './storage-failure'
import { withDownloadName } from './download-name'
import { readFailure, type Catalog } from '../write-failure'

type Client = SupabaseClient<Database>

/** missing: gone, or not the caller's to read (not told apart); busy: the bound on a client's downloads. */
export type DownloadFailure = 'missing' | 'busy' | 'network' | 'unknown'

export class DownloadError extends Error {
  constructor(readonly kind: DownloadFailure) {
    super(kind)
    this.name = 'DownloadError'
  }
}

/**
 * What a refused record_document_download means: no code is a request that never got an answer;
 * PT404, a document that is not there for the caller; PT429, too many downloads in a minute.
 */
const downloadRecordFailures: Catalog<DownloadFailure> = {
  codes: { PT404: 'missing', PT429: 'busy' },
  network: 'network',
  codeless: 'network',
  fallback: 'unknown',
}

export function downloadRecordFailure(error: { code?: string }): DownloadFailure {
  return readFailure(error, downloadRecordFailures)
}

async function recordDownload(client: Client, documentId: string): Promise<void> {
  let result
  try {
    result = await client.rpc('record_document_download', { p_document_id: documentId })
  } catch {
    throw new DownloadError('network')
  }
  if (result.error) throw new DownloadError(downloadRecordFailure(result.error))
}

/**
 * Records the download, then a 60-second signed URL for the document's file, sent as an
 * attachment named `fileName`. Throws DownloadError.
 */
export async function signedDocumentUrl(
  client: Client,
  documentId: string,
  storagePath: string,
  fileName: string,
): Promise<string> {
  await recordDownload(client, documentId)
  let result
  try {
    // The name goes on the URL here, not through createSignedUrl's `download` option, which
    // encodes it twice (URLSearchParams, then encodeURI): accents would arrive as "%C3%B1".
    result = await client.storage.from('documents').createSignedUrl(storagePath, 60)
  } catch {
    throw new DownloadError('network')
  }
  if (result.error) {
    const failure = storageFailure(result.error)
    throw new DownloadError(
      failure === 'network' ? 'network' : result.error.message.match(/not found/i) ? 'missing' : 'unknown',
    )
  }
  return withDownloadName(result.data.signedUrl, fileName)
}
