// The storage API's error catalog. Every failure leaves in Supabase Storage's JSON shape,
// `{statusCode, code, error, message}`: HTTP 400 for client errors, the real status only in the body.
import { isPgError } from '../db/database'
import { VIEW_AS_READ_ONLY, viewAsReadOnlyMessage } from '../lib/view-as'

export class StorageError extends Error {
  constructor(
    readonly code: string,
    /** The status Storage reports in the body (as a string). */
    readonly status: number,
    message: string,
    /** The legacy `error` field; Storage falls back to the code. */
    readonly legacyError?: string,
    /** The HTTP status: 400 for every client error, as Supabase Storage answers. */
    readonly httpStatus: number = status >= 500 ? status : 400,
  ) {
    super(message)
    this.name = 'StorageError'
  }

  render(): Record<string, string> {
    return {
      statusCode: String(this.status),
      code: this.code,
      error: this.legacyError ?? this.code,
      message: this.message,
    }
  }
}

/** The API gateway's own refusal, in its shape rather than Storage's. */
export class GatewayError extends StorageError {
  constructor() {
    super('NoApiKey', 401, 'No API key found in request', undefined, 401)
  }

  override render() {
    return { message: this.message, hint: 'No `apikey` request header or url param was found.' }
  }
}

const make = (code: string, status: number, message: string, legacyError?: string, httpStatus?: number) =>
  new StorageError(code, status, message, legacyError, httpStatus)

export const storageErrors = {
  noSuchBucket: () => make('NoSuchBucket', 404, 'Bucket not found', 'Bucket not found'),
  noSuchKey: () => make('NoSuchKey', 404, 'Object not found', 'not_found'),
  keyAlreadyExists: () => make('KeyAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketAlreadyExists: () => make('BucketAlreadyExists', 409, 'The resource already exists', 'Duplicate'),
  bucketNotEmpty: () => make('ResourceNotEmpty', 409, 'The bucket you tried to delete is not empty'),
  accessDenied: (message = 'new row violates row-level security policy') =>
    make('AccessDenied', 403, message, 'Unauthorized'),
  /** A token whose role the database does not know: a real 403, as Storage's JWT check answers. */
  unknownRole: (message: string) => make('AccessDenied', 403, message, 'Unauthorized', 403),
  invalidJwt: (message: string) => make('InvalidJWT', 400, message),
  expiredToken: () => make('ExpiredToken', 400, 'The provided token has expired.'),
  invalidSignature: (message = 'Invalid signature') => make('InvalidSignature', 400, message),
  invalidKey: (key: string) => make('InvalidKey', 400, `Invalid key: ${key}`),
  invalidBucketName: () => make('InvalidBucketName', 400, 'Bucket name invalid', 'Invalid Input'),
  entityTooLarge: () =>
    make('EntityTooLarge', 413, 'The object exceeded the maximum allowed size', 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    make('InvalidMimeType', 415, `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidRange: () => make('InvalidRange', 400, 'invalid range provided', 'invalid_range'),
  invalidRequest: (message: string) => make('InvalidRequest', 400, message),
  invalidParameter: (message: string) => make('InvalidParameter', 400, message),
  // Image transformations: what Storage answers when its image renderer refuses (render.ts).
  invalidSourceImage: () => make('InvalidRequest', 400, 'The source image is invalid or unsupported for rendering'),
  sourceImageTooLarge: () => make('InvalidRequest', 400, 'The source image file is too large to process'),
  sourceResolutionTooLarge: () => make('InvalidRequest', 400, 'The source image resolution is too large to process'),
  tooManyRenders: () => make('InvalidRequest', 429, 'Too many requests'),
  renderTimedOut: () => make('InvalidRequest', 408, 'Image request timed out'),
  /** No apikey and no Authorization: Supabase's gateway refuses before Storage is reached. */
  noApiKey: () => new GatewayError(),
  routeNotFound: (method: string, path: string) =>
    make('NotFound', 404, `Route ${method}:${path} not found`, 'Not Found', 404),
  databaseTimeout: () => make('DatabaseTimeout', 544, 'The connection to the database timed out', undefined, 544),
  transactionConflict: () => make('TransactionError', 409, 'The request conflicted with another one; try again'),
  internal: () => make('InternalError', 500, 'Internal server error'),
  /** A staff member's preview of a client's portal (0022): a real 403, like unknownRole. */
  viewAsReadOnly: () => make(VIEW_AS_READ_ONLY, 403, viewAsReadOnlyMessage, 'Forbidden', 403),
}

/** Any thrown value as a storage error; database errors map the way Supabase Storage maps them. */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  if (isPgError(error)) {
    switch (error.code) {
      case '42501':
        return storageErrors.accessDenied(error.message.includes('row-level security') ? undefined : error.message)
      case '23505':
        return storageErrors.keyAlreadyExists()
      case '23503':
        return storageErrors.noSuchBucket()
      case '22P02':
      case '22001':
      case '22021':
      case '22023':
      case '22007':
      case '22008':
        return storageErrors.invalidRequest(error.message)
      case '57014':
        return storageErrors.databaseTimeout()
      case '25006':
        // Only a preview's transactions are read-only where storage writes.
        return storageErrors.viewAsReadOnly()
      case '40001':
      case '40P01':
      case '55P03':
        return storageErrors.transactionConflict()
    }
  }
  console.error('storage: unexpected failure', error)
  return storageErrors.internal()
}

export function storageErrorResponse(error: unknown): Response {
  const failure = toStorageError(error)
  return new Response(JSON.stringify(failure.render()), {
    status: failure.httpStatus,
    headers: { 'content-type': 'application/json; charset=utf-8' },
  })
}
