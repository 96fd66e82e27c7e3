// Renders a stored image with a transformation, with sharp (libvips) in-process where Supabase
// Storage asks imgproxy. Bounded before any pixel is decoded: the file's size, then the pixel count
// its header declares (a decompression bomb stops here), then libvips' own pixel limit, a
// timeout, and the gate that caps renders at once. The file is read sequentially from disk; the
// output, at most the clamped size, is buffered so a failure is still a clean 4xx.
import sharp, { type FormatEnum, type Sharp } from 'sharp'
import { StorageError, storageErrors } from '../errors'
import type { RenderGate } from './gate'
import type { TransformOptions } from './options'

// libvips keeps decoded images in a cache for reuse; a server renders each file once.
sharp.cache(false)

export interface RenderLimits {
  maxSourceBytes: number
  maxSourcePixels: number
  timeoutSeconds: number
}

interface RenderedImage {
  body: Buffer
  contentType: string
}

type Output = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif' | 'tiff'

// Raster formats imgproxy reads; SVG is left out (decision 0033): it is code for a renderer.
const SOURCES = new Set(['jpeg', 'png', 'webp', 'gif', 'heif', 'tiff'])
const CONTENT_TYPES: Record<Output, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  avif: 'image/avif',
  gif: 'image/gif',
  tiff: 'image/tiff',
}
// The local Supabase stack's imgproxy qualities (IMGPROXY_FORMAT_QUALITY).
const DEFAULT_QUALITY: Partial<Record<Output, number>> = { jpeg: 80, webp: 80, avif: 62 }
const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const
const POSITION = {
  no: 'north',
  so: 'south',
  ea: 'east',
  we: 'west',
  noea: 'northeast',
  nowe: 'northwest',
  soea: 'southeast',
  sowe: 'southwest',
  ce: 'centre',
  sm: 'attention',
} as const

/** The format to write: the one asked for, else WebP when the client accepts it (imgproxy's WebP detection), else the source's. */
function outputFormat(options: TransformOptions, accept: string | null, source: string, compression?: string) {
  if (options.format === 'webp' || options.format === 'avif') return options.format
  if (options.format === undefined && accept && /\bimage\/webp\b/i.test(accept)) return 'webp'
  if (source === 'heif') return compression === 'av1' ? 'avif' : 'jpeg'
  return (['jpeg', 'png', 'webp', 'gif', 'tiff'] as const).find((format) => format === source) ?? 'jpeg'
}

function write(image: Sharp, format: Output, quality: number | undefined): Sharp {
  const q = quality ?? DEFAULT_QUALITY[format]
  switch (format) {
    case 'jpeg':
      return image.jpeg({ quality: q, mozjpeg: false })
    case 'webp':
      return image.webp({ quality: q })
    case 'avif':
      // The lowest effort: libvips' default takes seconds per image on a small machine, for a file
      // a few per cent smaller (docs/benchmarks.md, Storage: image transformations).
      return image.avif({ quality: q, effort: 0 })
    default:
      return image.toFormat(format as keyof FormatEnum)
  }
}

/** Crop box for focal-point gravity: the cover-sized window centred on (x, y), kept inside the image. */
function focalCrop(width: number, height: number, target: { width: number; height: number }, x: number, y: number) {
  const scale = Math.min(1, Math.max(target.width / width, target.height / height))
  const cropWidth = Math.min(width, Math.round(target.width / scale))
  const cropHeight = Math.min(height, Math.round(target.height / scale))
  const left = Math.min(Math.max(Math.round(x * width - cropWidth / 2), 0), width - cropWidth)
  const top = Math.min(Math.max(Math.round(y * height - cropHeight / 2), 0), height - cropHeight)
  return { left, top, width: cropWidth, height: cropHeight }
}

function resized(image: Sharp, options: TransformOptions, width: number, height: number): Sharp {
  if (!options.width && !options.height) return image
  const resize = options.resize ?? 'cover'
  if (resize === 'cover' && options.gravity === 'fp' && options.width && options.height) {
    const box = focalCrop(
      width,
      height,
      { width: options.width, height: options.height },
      options.x_offset ?? 0.5,
      options.y_offset ?? 0.5,
    )
    return image
      .extract(box)
      .resize({ width: Math.min(options.width, box.width), height: Math.min(options.height, box.height), fit: 'cover' })
  }
  const position = options.gravity && options.gravity !== 'fp' ? POSITION[options.gravity] : 'centre'
  return image.resize({
    width: options.width,
    height: options.height,
    fit: FIT[resize],
    position,
    // imgproxy does not enlarge unless asked; Storage never asks.
    withoutEnlargement: true,
  })
}

function asRenderError(error: unknown): StorageError {
  if (error instanceof StorageError) return error
  const message = error instanceof Error ? error.message : ''
  if (/pixel limit/i.test(message)) return storageErrors.sourceResolutionTooLarge()
  if (/timeout/i.test(message)) return storageErrors.renderTimedOut()
  // Everything else libvips refuses is about the file: not an image, truncated, corrupt.
  return storageErrors.invalidSourceImage()
}

/** Renders the image at `path` (`size` bytes on disk), or throws Storage's answer for why not. */
export async function renderImage(
  path: string,
  size: number,
  options: TransformOptions,
  accept: string | null,
  limits: RenderLimits,
  gate: RenderGate,
): Promise<RenderedImage> {
  if (size > limits.maxSourceBytes) throw storageErrors.sourceImageTooLarge()
  return gate.run(async () => {
    try {
      const image = sharp(path, {
        limitInputPixels: limits.maxSourcePixels,
        sequentialRead: true,
        failOn: 'error',
        autoOrient: true,
      })
      const meta = await image.metadata()
      if (!meta.format || !SOURCES.has(meta.format) || !meta.width || !meta.height)
        throw storageErrors.invalidSourceImage()
      if (meta.width * meta.height > limits.maxSourcePixels) throw storageErrors.sourceResolutionTooLarge()
      const format = outputFormat(options, accept, meta.format, meta.compression)
      const oriented = (meta.orientation ?? 1) >= 5
      const [width, height] = oriented ? [meta.height, meta.width] : [meta.width, meta.height]
      const pipeline = write(resized(image, options, width, height), format, options.quality).timeout({
        seconds: limits.timeoutSeconds,
      })
      const body = await pipeline.toBuffer()
      return { body, contentType: CONTENT_TYPES[format] }
    } catch (error) {
      throw asRenderError(error)
    }
  })
}
