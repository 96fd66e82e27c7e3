// Files of a project in the private `documents` bucket, the app's Storage layer: the bucket's
// rules (size, types), the failures a person is told, and storing a file under a new key.
// Keys are <organization_id>/<project_id>/<file>: the storage policies let a client write exactly
// two folders deep into their own organization's visible projects, and the documents table checks
// the same shape. What a stored file becomes (a document row) is the documents feature's.
import { supabase } from '../supabase'
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

/** A file to store and register as a document of a project (the documents feature's upload, which reports use too). */
export interface NewDocument {
  organizationId: string
  projectId: string
  file: File
  name: string
  description: string | null
  category: string
  visibleToClient: boolean
  uploaderId: string
}
