// Files of a project in the private `documents` bucket. Keys are
// <organization_id>/<project_id>/<file>: the storage policies let a client write exactly two
// folders deep into their own organization's visible projects, and the documents table checks
// the same shape. A client's upload is then registered as a document row that is visible to the
// client's colleagues and signed by the uploader (what the documents insert policy requires).
import { supabase } from './supabase'
import { storageFailure } from './storage-failure'

/** The bucket's file_size_limit (50 MiB). */
export const MAX_UPLOAD_BYTES = 52_428_800

/** The bucket's allowed_mime_types. */
export const ALLOWED_TYPES = [
  'application/pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  'application/msword',
  'application/vnd.ms-excel',
  'application/vnd.ms-powerpoint',
  'text/csv',
  'text/plain',
  'application/json',
  'application/zip',
  'image/png',
  'image/jpeg',
  'image/svg+xml',
] as const

const BY_EXTENSION: Record<string, string> = {
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  csv: 'text/csv',
  txt: 'text/plain',
  json: 'application/json',
  zip: 'application/zip',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
}

/** For the file input's accept attribute. */
export const ACCEPT = [...Object.keys(BY_EXTENSION).map((extension) => `.${extension}`), ...ALLOWED_TYPES].join(',')

const ALIASES: Record<string, string> = {
  'application/x-zip-compressed': 'application/zip',
  'application/x-zip': 'application/zip',
  'image/jpg': 'image/jpeg',
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase()
}

/** The type the bucket will accept for this file, or null when it accepts none. */
export function uploadType(file: { name: string; type: string }): string | null {
  const reported = ALIASES[file.type] ?? file.type
  if ((ALLOWED_TYPES as readonly string[]).includes(reported)) return reported
  if (!reported || reported === 'application/octet-stream') return BY_EXTENSION[extensionOf(file.name)] ?? null
  return null
}

/** A file name safe in any storage key (hosted Storage allows a narrow ASCII set). */
export function safeFileName(name: string): string {
  const extension = extensionOf(name)
  const base = (extension ? name.slice(0, -(extension.length + 1)) : name)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 80)
  return `${base || 'file'}${extension ? `.${extension.replace(/[^a-z0-9]/g, '')}` : ''}`
}

/** <organization>/<project>/<time>-<random>-<name>: unique, and where the policies allow a client to write. */
export function storageKey(organizationId: string, projectId: string, fileName: string, now = Date.now()): string {
  const random = Math.random().toString(36).slice(2, 8)
  return `${organizationId}/${projectId}/${now.toString(36)}-${random}-${safeFileName(fileName)}`
}

export type UploadFailure =
  'too-large' | 'wrong-type' | 'empty' | 'network' | 'denied' | 'exists' | 'too-many' | 'unknown'

export class UploadError extends Error {
  constructor(readonly kind: UploadFailure) {
    super(kind)
    this.name = 'UploadError'
  }
}

export interface UploadInput {
  file: File
  category: string
  organizationId: string
  projectId: string
  uploaderId: string
  /** The name the document is shown by; the file's own name when empty. */
  title?: string
}

/**
 * What a refused write of a document's row means: no code is a request that never got an answer;
 * PT429, the database's bound on a client's uploads and replacements.
 */
export function documentWriteFailure(error: { code?: string }): UploadFailure {
  if (!error.code) return 'network'
  if (error.code === 'PT429') return 'too-many'
  return error.code === '42501' ? 'denied' : 'unknown'
}

/** Checks a file against the bucket's rules before anything is sent. */
export function checkFile(file: File): { type: string } {
  if (file.size === 0) throw new UploadError('empty')
  if (file.size > MAX_UPLOAD_BYTES) throw new UploadError('too-large')
  const type = uploadType(file)
  if (!type) throw new UploadError('wrong-type')
  return { type }
}

/** Checks a file and stores it under a new key in the project's folder. Throws UploadError. */
export async function storeFile(organizationId: string, projectId: string, file: File) {
  const { type } = checkFile(file)
  const key = storageKey(organizationId, projectId, file.name)
  // The multipart body carries the file's own type; re-wrap it when the browser reported another.
  const body = file.type === type ? file : new File([file], file.name, { type })
  let stored
  try {
    stored = await supabase.storage.from('documents').upload(key, body, { contentType: type, upsert: false })
  } catch (error) {
    throw new UploadError(storageFailure(error))
  }
  if (stored.error) throw new UploadError(storageFailure(stored.error))
  return { key, type, size: file.size }
}

/** Checks the file, stores it, then registers it. Throws UploadError with what went wrong. */
export async function uploadDocument({ file, category, organizationId, projectId, uploaderId, title }: UploadInput) {
  const { key, type } = await storeFile(organizationId, projectId, file)

  const name = title?.trim().slice(0, 255) || file.name.trim().slice(0, 255) || safeFileName(file.name)
  const { error } = await supabase.from('documents').insert({
    project_id: projectId,
    name,
    category,
    storage_path: key,
    mime_type: type,
    size_bytes: file.size,
    visible_to_client: true,
    uploaded_by: uploaderId,
  })
  if (error) {
    // The file is the caller's and nothing points to it: take it back (the policies allow it).
    await removeStored(key)
    throw new UploadError(documentWriteFailure(error))
  }
  return { key, name }
}

/** Best effort: a file no document points to costs space, not correctness. */
async function removeStored(key: string) {
  try {
    await supabase.storage.from('documents').remove([key])
  } catch {
    // ignored on purpose: nothing points to it
  }
}

export type RemoveFailure = 'under-approval' | 'gone' | 'network' | 'unknown'

export class RemoveError extends Error {
  constructor(readonly kind: RemoveFailure) {
    super(kind)
    this.name = 'RemoveError'
  }
}

/**
 * Deletes a client's own upload by removing its file: the database deletes the document that
 * points to it in the same transaction (decision 0023). Nothing removed means the document is
 * gone or not the caller's to delete, which the server does not tell apart.
 */
export async function deleteOwnUpload(storagePath: string): Promise<void> {
  let result
  try {
    result = await supabase.storage.from('documents').remove([storagePath])
  } catch {
    throw new RemoveError('network')
  }
  if (result.error) {
    if (/part of an approval/.test(result.error.message)) throw new RemoveError('under-approval')
    throw new RemoveError(storageFailure(result.error) === 'network' ? 'network' : 'unknown')
  }
  if (result.data.length === 0) throw new RemoveError('gone')
}

/** The last part of a storage key, without the <time>-<random>- prefix uploads give it. */
function storedFileName(key: string): string {
  const file = key.slice(key.lastIndexOf('/') + 1)
  return file.replace(/^[0-9a-z]+-[0-9a-z]{1,6}-/, '')
}

/**
 * A document's name after its file is replaced: the new file's name when the old name was the
 * old file's own (an upload without a title), otherwise the title the person gave it.
 */
export function nameAfterReplace(currentName: string, currentKey: string, file: { name: string }): string {
  const wasFileName = safeFileName(currentName) === storedFileName(currentKey)
  return wasFileName ? file.name.trim().slice(0, 255) || safeFileName(file.name) : currentName
}

/**
 * A new file for a client's own upload: store it, point the document at it (its version moves and
 * an open approval reopens), then remove the old file, which nothing points to any more.
 * Throws UploadError.
 */
export async function replaceOwnUpload(
  document: { id: string; name: string; storage_path: string },
  organizationId: string,
  projectId: string,
  file: File,
): Promise<{ name: string }> {
  const stored = await storeFile(organizationId, projectId, file)
  const name = nameAfterReplace(document.name, document.storage_path, file)
  const { data, error } = await supabase
    .from('documents')
    .update({ storage_path: stored.key, mime_type: stored.type, size_bytes: stored.size, name })
    .eq('id', document.id)
    .select('id')
  if (error || data.length === 0) {
    await removeStored(stored.key)
    // No row and no error: not the caller's own upload (any more).
    throw new UploadError(error ? documentWriteFailure(error) : 'denied')
  }
  await removeStored(document.storage_path)
  return { name }
}
