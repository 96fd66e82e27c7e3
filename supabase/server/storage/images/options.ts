// The transformation a render asks for (`width`, `height`, `resize`, `format`, `quality`,
// `gravity`), checked as Supabase Storage's schema checks it, with its messages: a bad value is a
// 400 naming it; a width or height past the limit is clamped to it, as Storage clamps.
import { storageErrors } from '../errors'

const RESIZE_MODES = ['cover', 'contain', 'fill'] as const
const FORMATS = ['origin', 'avif', 'webp'] as const
const GRAVITIES = ['no', 'so', 'ea', 'we', 'noea', 'nowe', 'soea', 'sowe', 'ce', 'sm', 'fp'] as const

export interface TransformOptions {
  width?: number
  height?: number
  resize?: (typeof RESIZE_MODES)[number]
  format?: (typeof FORMATS)[number]
  quality?: number
  gravity?: (typeof GRAVITIES)[number]
  x_offset?: number
  y_offset?: number
}

type Source = Record<string, unknown>

const fail = (where: string, name: string, message: string) =>
  storageErrors.invalidRequest(`${where}/${name} ${message}`)

/** A number as Storage's validator coerces one from a query string (`"12"` → 12); JSON numbers pass. */
function coerce(value: unknown): unknown {
  if (typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))) return Number(value)
  return value
}

function integer(source: Source, name: string, where: string, min: number, max?: number) {
  const raw = source[name]
  if (raw === undefined || raw === null || raw === '') return undefined
  const value = coerce(raw)
  if (typeof value !== 'number' || !Number.isInteger(value)) throw fail(where, name, 'must be integer')
  if (value < min) throw fail(where, name, `must be >= ${min}`)
  if (max !== undefined && value > max) throw fail(where, name, `must be <= ${max}`)
  return value
}

function decimal(source: Source, name: string, where: string) {
  const raw = source[name]
  if (raw === undefined || raw === null || raw === '') return undefined
  const value = coerce(raw)
  if (typeof value !== 'number' || !Number.isFinite(value)) throw fail(where, name, 'must be number')
  return value
}

function oneOf<T extends string>(source: Source, name: string, where: string, allowed: readonly T[]) {
  const raw = source[name]
  if (raw === undefined || raw === null || raw === '') return undefined
  if (typeof raw !== 'string' || !(allowed as readonly string[]).includes(raw))
    throw fail(where, name, 'must be equal to one of the allowed values')
  return raw as T
}

/**
 * The options in `source` (a query string's values, or a JSON body's `transform`); `where` is how
 * Storage names the place in its messages (`querystring`, `body/transform`).
 */
export function readTransform(source: Source, where: string): TransformOptions {
  const options: TransformOptions = {
    width: integer(source, 'width', where, 0),
    height: integer(source, 'height', where, 0),
    resize: oneOf(source, 'resize', where, RESIZE_MODES),
    format: oneOf(source, 'format', where, FORMATS),
    quality: integer(source, 'quality', where, 20, 100),
    gravity: oneOf(source, 'gravity', where, GRAVITIES),
    x_offset: decimal(source, 'x_offset', where),
    y_offset: decimal(source, 'y_offset', where),
  }
  if (options.gravity === 'fp') {
    for (const name of ['x_offset', 'y_offset'] as const) {
      const value = options[name]
      if (value === undefined) throw storageErrors.invalidRequest(`${where} must have required property '${name}'`)
      if (value < 0) throw fail(where, name, 'must be >= 0')
      if (value > 1) throw fail(where, name, 'must be <= 1')
    }
  }
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined))
}

/** The options of a URL's query string. */
export function queryTransform(url: string): TransformOptions {
  const params = new URL(url).searchParams
  const source: Source = {}
  for (const name of ['width', 'height', 'resize', 'format', 'quality', 'gravity', 'x_offset', 'y_offset'])
    source[name] = params.get(name) ?? undefined
  return readTransform(source, 'querystring')
}

/** Width and height within [1, max] (0 means "not given"), as Storage clamps them. */
export function clampSize(options: TransformOptions, max: number): TransformOptions {
  const clamp = (value: number | undefined) => (value ? Math.min(Math.max(value, 1), max) : undefined)
  const { width, height, ...rest } = options
  const clamped = { ...rest, width: clamp(width), height: clamp(height) }
  return Object.fromEntries(Object.entries(clamped).filter(([, value]) => value !== undefined))
}

/**
 * The transformation a signed render URL carries in its token, in Storage's
 * `name:value,name:value` form (`gravity:fp:0.5:0.2` with its offsets); empty when nothing is asked.
 */
export function encodeTransform(options: TransformOptions): string {
  const parts: string[] = []
  if (options.height) parts.push(`height:${options.height}`)
  if (options.width) parts.push(`width:${options.width}`)
  if ((options.width || options.height) && options.resize) parts.push(`resize:${options.resize}`)
  if (options.quality) parts.push(`quality:${options.quality}`)
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`)
  if (options.gravity) {
    const { x_offset: x, y_offset: y } = options
    parts.push(
      x === undefined && y === undefined
        ? `gravity:${options.gravity}`
        : `gravity:${options.gravity}:${x ?? 0}:${y ?? 0}`,
    )
  }
  return parts.join(',')
}

/** imgproxy's names for the resize modes, which Storage reports: cover is its default, fill. */
const RESIZING_TYPES = { cover: 'fill', contain: 'fit', fill: 'force' } as const

/**
 * What a render applied, as Supabase Storage reports it in `X-Transformations` (the segments it
 * asks imgproxy for): height and width after clamping, then the resizing type whenever a size is
 * given, the quality, and a format other than `origin`. Empty when nothing was asked.
 */
export function appliedTransformations(options: TransformOptions): string {
  const parts: string[] = []
  if (options.height) parts.push(`height:${options.height}`)
  if (options.width) parts.push(`width:${options.width}`)
  if (options.width || options.height) parts.push(`resizing_type:${RESIZING_TYPES[options.resize ?? 'cover']}`)
  if (options.quality) parts.push(`quality:${options.quality}`)
  if (options.format && options.format !== 'origin') parts.push(`format:${options.format}`)
  return parts.join(',')
}

/** The options a token's `transformations` claim names, checked again (the token is ours, but old). */
export function decodeTransform(encoded: string, format: unknown): TransformOptions {
  const source: Source = {}
  for (const part of encoded.split(',')) {
    const [name = '', value, x, y] = part.split(':')
    if (value === undefined || value === '') continue
    source[name] = value
    if (name === 'gravity') Object.assign(source, { x_offset: x, y_offset: y })
  }
  // Storage leaves `format:origin` out of the list and keeps it in its own claim.
  if (format === 'origin') source.format = 'origin'
  return readTransform(source, 'token/transformations')
}
