// The pieces of Storage image transformations that need no server: the gate that caps renders at
// once, and the transformation as a signed token carries it.
import { describe, expect, it } from 'vitest'
import { RenderGate } from '../../supabase/server/storage/images/gate'
import { clampSize, decodeTransform, encodeTransform } from '../../supabase/server/storage/images/options'
import { StorageError } from '../../supabase/server/storage/errors'

function deferred() {
  let resolve!: () => void
  const promise = new Promise<void>((done) => (resolve = done))
  return { promise, resolve }
}

describe('RenderGate', () => {
  it('runs at most its concurrency at once, in order, and refuses past its queue with 429', async () => {
    const gate = new RenderGate(2, 1, 10_000)
    let running = 0
    let most = 0
    const order: number[] = []
    const holds = [deferred(), deferred(), deferred()]
    const job = (n: number) =>
      gate.run(async () => {
        running += 1
        most = Math.max(most, running)
        order.push(n)
        await holds[n]!.promise
        running -= 1
        return n
      })
    const jobs = [job(0), job(1), job(2)]
    await expect(gate.run(async () => 3)).rejects.toMatchObject({ status: 429, message: 'Too many requests' })
    expect(order).toEqual([0, 1])
    holds[0]!.resolve()
    await jobs[0]
    await Promise.resolve()
    expect(order).toEqual([0, 1, 2])
    holds[1]!.resolve()
    holds[2]!.resolve()
    expect(await Promise.all(jobs)).toEqual([0, 1, 2])
    expect(most).toBe(2)
    // Every slot came back: two run at once again.
    expect(await Promise.all([gate.run(async () => 'a'), gate.run(async () => 'b')])).toEqual(['a', 'b'])
  })

  it('answers 408 to a render that waited too long, and frees its place in line', async () => {
    const gate = new RenderGate(1, 1, 20)
    const hold = deferred()
    const first = gate.run(() => hold.promise)
    const late = await gate.run(async () => 'never').catch((error: unknown) => error)
    expect(late).toBeInstanceOf(StorageError)
    expect(late).toMatchObject({ status: 408, message: 'Image request timed out' })
    hold.resolve()
    await first
    expect(await gate.run(async () => 'next')).toBe('next')
  })

  it('frees the slot when a render fails', async () => {
    const gate = new RenderGate(1, 0, 1000)
    await expect(gate.run(async () => Promise.reject(new Error('broken')))).rejects.toThrow('broken')
    expect(await gate.run(async () => 'ok')).toBe('ok')
  })
})

describe('signed transformations', () => {
  it('round-trips through the token as Storage writes it, clamped', () => {
    const options = clampSize({ width: 9000, height: 300, resize: 'contain', quality: 70, format: 'avif' }, 2000)
    const encoded = encodeTransform(options)
    expect(encoded).toBe('height:300,width:2000,resize:contain,quality:70,format:avif')
    expect(decodeTransform(encoded, 'avif')).toEqual(options)
    expect(decodeTransform('gravity:fp:0.25:0.75,width:10', undefined)).toEqual({
      width: 10,
      gravity: 'fp',
      x_offset: 0.25,
      y_offset: 0.75,
    })
    // `format:origin` is not in the list (as in Storage) but in its own claim.
    expect(encodeTransform({ width: 5, format: 'origin' })).toBe('width:5')
    expect(decodeTransform('width:5', 'origin')).toEqual({ width: 5, format: 'origin' })
    expect(encodeTransform({ format: 'origin' })).toBe('')
  })

  it('checks a token’s list again', () => {
    expect(() => decodeTransform('resize:stretch', undefined)).toThrow(
      'token/transformations/resize must be equal to one of the allowed values',
    )
  })
})
