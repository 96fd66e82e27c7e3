// Phoenix channel frames as realtime-js 2.109 speaks them (../shared/reference/supabase-realtime-
// protocol.md §3): vsn 1.0.0 sends JSON objects; vsn 2.0.0 sends JSON arrays
// [join_ref, ref, topic, event, payload] and client broadcasts as binary "kind 3" frames.
// Server broadcasts go out as JSON text in both versions, which realtime-js decodes the same way.
import { jsonNestsDeeperThan } from '../lib/json-depth'

export type Vsn = '1.0.0' | '2.0.0'

export interface Message {
  joinRef: string | null
  ref: string | null
  topic: string
  event: string
  payload: unknown
}

export class FrameError extends Error {}

/** JSON nested at most `maxDepth` levels (API_MAX_JSON_DEPTH): what is relayed is stringified again, which recurses. */
function parseJson(text: string, what: string, maxDepth: number): unknown {
  if (jsonNestsDeeperThan(text, maxDepth)) throw new FrameError(`${what} nests deeper than ${maxDepth} levels`)
  try {
    return JSON.parse(text)
  } catch {
    throw new FrameError(`${what} is not JSON`)
  }
}

const asRef = (value: unknown): string | null => {
  if (value === null || value === undefined) return null
  if (typeof value === 'string') return value
  if (typeof value === 'number') return String(value)
  throw new FrameError('refs must be strings')
}

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): Message {
  if (typeof topic !== 'string' || typeof event !== 'string') throw new FrameError('topic and event must be strings')
  return { joinRef: asRef(joinRef), ref: asRef(ref), topic, event, payload: payload ?? {} }
}

/** A text frame, in the socket's version. Throws FrameError for anything else. */
export function decodeText(text: string, vsn: Vsn, maxDepth: number): Message {
  const parsed = parseJson(text, 'frame', maxDepth)
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length < 5) throw new FrameError('expected a V2 array of 5 elements')
    return fromParts(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4])
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new FrameError('expected an object')
  const object = parsed as Record<string, unknown>
  return fromParts(object.join_ref, object.ref, object.topic, object.event, object.payload)
}

/**
 * A binary "user broadcast push" (kind 3): 7 header bytes, then join_ref, ref, topic, event and
 * metadata, then the payload (JSON when the encoding byte is 1). Refs and names are one byte per
 * character, as realtime-js writes them.
 */
export function decodeBinary(data: Buffer, maxDepth: number): Message {
  if (data.length < 7 || data[0] !== 3) throw new FrameError('unsupported binary frame')
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!]
  const encoding = data[6]
  let offset = 7
  const [joinRef, ref, topic, event, metadata] = lengths.map((length) => {
    if (offset + length > data.length) throw new FrameError('binary frame shorter than its header')
    const part = data.subarray(offset, offset + length).toString('latin1')
    offset += length
    return part
  }) as [string, string, string, string, string]
  const body = data.subarray(offset)
  let payload: unknown
  if (encoding === 1) payload = parseJson(body.toString('utf8'), 'broadcast payload', maxDepth)
  else if (encoding === 0) {
    payload = Buffer.from(body)
  } else throw new FrameError('unknown payload encoding')
  if (metadata.length) parseJson(metadata, 'broadcast metadata', maxDepth)
  return {
    joinRef: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { type: 'broadcast', event, payload },
  }
}

/** A server frame. V1 frames never carry join_ref (Phoenix's V1 serializer). */
export function encode(message: Message, vsn: Vsn): string {
  if (vsn === '2.0.0')
    return JSON.stringify([message.joinRef, message.ref, message.topic, message.event, message.payload])
  return JSON.stringify({ topic: message.topic, event: message.event, payload: message.payload, ref: message.ref })
}

/** A server "user broadcast" (kind 4) with a binary payload: V2 clients only. */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer {
  const topicBytes = Buffer.from(topic, 'latin1')
  const eventBytes = Buffer.from(event, 'latin1')
  const header = Buffer.from([4, topicBytes.length, eventBytes.length, 0, 0])
  return Buffer.concat([header, topicBytes, eventBytes, payload])
}

export const reply = (request: Message, status: 'ok' | 'error', response: unknown): Message => ({
  joinRef: request.joinRef,
  ref: request.ref,
  topic: request.topic,
  event: 'phx_reply',
  payload: { status, response },
})
