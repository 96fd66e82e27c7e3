// What a Storage request that failed means to the person: shared by uploads and download links.
import type { UploadFailure } from './files'

/** What a storage-js error (StorageApiError / StorageUnknownError) or a thrown fetch error means. */
export function storageFailure(error: unknown): UploadFailure {
  if (error instanceof TypeError) return 'network'
  if (!error || typeof error !== 'object') return 'unknown'
  const { name, status, statusCode } = error as { name?: string; status?: number; statusCode?: string }
  const code = statusCode ?? (status === undefined ? '' : String(status))
  if (code === '413') return 'too-large'
  if (code === '415') return 'wrong-type'
  if (code === '409') return 'exists'
  if (code === '403' || code === '401') return 'denied'
  if (name === 'StorageUnknownError') return 'network'
  return 'unknown'
}
