// The storage API's endpoints (/storage/v1), as storage-js calls them. Every route but the public
// and signed downloads runs as the caller's role, so the policies on storage.objects decide.
import { Hono } from 'hono'
import type { ServerDeps } from '../deps'
import { storageErrorResponse, storageErrors } from './errors'
import { ObjectFiles } from './files'
import { bucketHandlers } from './handlers/buckets'
import { authenticatedDownload, objectInfo, publicDownload, signedDownload } from './handlers/download'
import { listHandler, listV2Handler, moveHandler, removeHandler } from './handlers/manage'
import { renderAuthenticated, renderPublic, renderSigned } from './handlers/render'
import { signHandler } from './handlers/sign'
import { RenderGate } from './images/gate'
import { copyHandler, createSignedUploadHandler, signedUploadHandler, uploadHandler } from './handlers/upload'
import { DEFAULT_MAX_UPLOAD_BYTES } from './limits'
import { guarded, type StorageService } from './service'
import { previewCaller } from './caller'

export interface StorageOptions {
  /** The largest upload accepted in any bucket (bytes). */
  maxUploadBytes?: number
}

export function storageRoutes(deps: ServerDeps, options: StorageOptions = {}) {
  const service: StorageService = {
    deps,
    files: new ObjectFiles(deps.storageDir),
    maxUploadBytes: options.maxUploadBytes ?? DEFAULT_MAX_UPLOAD_BYTES,
    // Supabase Storage signs any lifetime; our cap is our server's own.
    maxSignedUrlSeconds: deps.env.SUPABASE_ONLY ? Number.MAX_SAFE_INTEGER : deps.env.STORAGE_SIGNED_URL_MAX_SECONDS,
    images: imageSettings(deps),
  }
  void service.files.sweepStaleTemp()
  const buckets = bucketHandlers(service)
  const download = authenticatedDownload(service)
  const app = new Hono()

  // A staff member's preview of a client's portal reads (downloads, lists, signed download URLs)
  // and writes nothing; refused here, before a body is read or a file touched (0022). In
  // Supabase-only mode the storage policies alone refuse it, as on Supabase.
  app.use('*', async (c, next) => {
    if (deps.env.SUPABASE_ONLY) return next()
    const reads =
      c.req.method === 'GET' || c.req.method === 'HEAD' || /\/object\/(list|list-v2|sign)\//.test(c.req.path)
    if (!reads && (await previewCaller(deps, c))) return storageErrorResponse(storageErrors.viewAsReadOnly())
    await next()
  })

  app.get('/bucket', guarded(buckets.list))
  app.post('/bucket', guarded(buckets.create)) // RLS: the service role, or a policy
  app.get('/bucket/:id', guarded(buckets.get))
  app.put('/bucket/:id', guarded(buckets.update))
  app.delete('/bucket/:id', guarded(buckets.remove))
  app.post('/bucket/:id/empty', guarded(buckets.empty))

  // Fixed prefixes first: the catch-all `/object/<bucket>/<key>` routes come last.
  app.post('/object/list/*', guarded(listHandler(service)))
  app.post('/object/list-v2/*', guarded(listV2Handler(service)))
  app.post('/object/upload/sign/*', guarded(createSignedUploadHandler(service)))
  app.put('/object/upload/sign/*', guarded(signedUploadHandler(service))) // no auth: the token decides
  app.post('/object/move', guarded(moveHandler(service)))
  app.post('/object/copy', guarded(copyHandler(service)))
  app.post('/object/sign/*', guarded(signHandler(service)))
  app.get('/object/sign/*', guarded(signedDownload(service))) // no auth: the token decides
  app.get('/object/public/*', guarded(publicDownload(service))) // no auth: public buckets only
  app.get('/object/authenticated/*', guarded(download))
  app.get('/object/info/*', guarded(objectInfo(service)))
  app.get('/object/*', guarded(download)) // HEAD too: storage-js `exists()`
  app.post('/object/*', guarded(uploadHandler(service, 'POST')))
  app.put('/object/*', guarded(uploadHandler(service, 'PUT')))
  app.delete('/object/*', guarded(removeHandler(service)))

  // Image transformations; while off, these paths are unknown routes, as on Storage without them.
  if (service.images.enabled) {
    app.get('/render/image/public/*', guarded(renderPublic(service))) // no auth: public buckets only
    app.get('/render/image/authenticated/*', guarded(renderAuthenticated(service)))
    app.get('/render/image/sign/*', guarded(renderSigned(service))) // no auth: the token decides
  }

  app.all(
    '*',
    guarded(async (c) => {
      throw storageErrors.routeNotFound(c.req.method, c.req.path)
    }),
  )
  return app
}

function imageSettings({ env }: ServerDeps): StorageService['images'] {
  const timeoutSeconds = env.IMAGE_TRANSFORMATION_TIMEOUT_SECONDS
  return {
    enabled: env.IMAGE_TRANSFORMATION_ENABLED,
    maxSize: env.IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE,
    maxSourceBytes: env.IMAGE_TRANSFORMATION_MAX_SOURCE_BYTES,
    maxSourcePixels: env.IMAGE_TRANSFORMATION_MAX_SOURCE_PIXELS,
    timeoutSeconds,
    gate: new RenderGate(
      env.IMAGE_TRANSFORMATION_CONCURRENCY,
      env.IMAGE_TRANSFORMATION_MAX_WAITING,
      timeoutSeconds * 1000,
    ),
  }
}
