// Storage image transformations (/render/image) through supabase-js: the public, authenticated
// and signed renders, measured by reading the output back; who may render (exactly who may
// download); Storage's answers to bad values and hostile files; the limits and the off switch.
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { describeEachDatabase, describeOnOneDatabase, useTestServer } from '../support/server'
import { photoJpeg, pngBomb } from './image-fixtures'
import { DOCS, PUBLIC, expectSameBytes, rawRequest, storageFailure, useStorageFixtures } from './support'

async function dimensions(body: ArrayBuffer | Blob) {
  const bytes = Buffer.from(body instanceof Blob ? await body.arrayBuffer() : body)
  const meta = await sharp(bytes).metadata()
  return { format: meta.format === 'heif' ? meta.compression : meta.format, width: meta.width, height: meta.height }
}

const invalidSource = {
  statusCode: '400',
  code: 'InvalidRequest',
  message: 'The source image is invalid or unsupported for rendering',
}

let photo: Buffer // 1200 × 800

beforeAll(async () => {
  photo = await photoJpeg(1200, 800)
})

describeEachDatabase('storage image transformations on %s', (kind) => {
  const server = useTestServer(kind)
  const f = useStorageFixtures(server)
  let mine: string
  beforeAll(async () => {
    mine = `${f.alice}/photos/view 1.jpg`
    for (const bucket of [DOCS, PUBLIC]) {
      const { error } = await f.aliceClient.storage.from(bucket).upload(mine, photo, { contentType: 'image/jpeg' })
      if (error) throw error
    }
  })

  const publicRender = (path: string, transform: Record<string, unknown>, accept?: string) => {
    const { data } = f.anonClient.storage.from(PUBLIC).getPublicUrl(path, { transform })
    return server.request(data.publicUrl, accept ? { headers: { accept } } : {})
  }

  it('renders a public image with each resize mode, with no credentials', async () => {
    const { data } = f.anonClient.storage.from(PUBLIC).getPublicUrl(mine, { transform: { width: 300, height: 300 } })
    expect(new URL(data.publicUrl).pathname).toBe(
      `/storage/v1/render/image/public/${PUBLIC}/${f.alice}/photos/view%201.jpg`,
    )
    const cover = await server.request(data.publicUrl)
    expect(cover.status).toBe(200)
    expect(cover.headers.get('content-type')).toBe('image/jpeg')
    expect(cover.headers.get('etag')).toMatch(/^"[0-9a-f]{32}"$/)
    expect(cover.headers.get('x-robots-tag')).toBe('none')
    expect(cover.headers.get('x-transformations')).toBe('height:300,width:300,resizing_type:fill')
    expect(await dimensions(await cover.arrayBuffer())).toEqual({ format: 'jpeg', width: 300, height: 300 })

    const sizes = async (transform: Record<string, unknown>) =>
      dimensions(await (await publicRender(mine, transform)).arrayBuffer())
    expect(await sizes({ width: 300, height: 300, resize: 'contain' })).toMatchObject({ width: 300, height: 200 })
    expect(await sizes({ width: 300, height: 300, resize: 'fill' })).toMatchObject({ width: 300, height: 300 })
    expect(await sizes({ width: 600 })).toMatchObject({ width: 600, height: 400 })
    expect(await sizes({ height: 100 })).toMatchObject({ width: 150, height: 100 })
    expect(await sizes({ width: 200, height: 100, resize: 'cover' })).toMatchObject({ width: 200, height: 100 })
  })

  it('crops a cover where `gravity` says, a focal point included', async () => {
    // The photo's red rises from left to right: a crop's mean red tells where it was cut.
    const red = async (query: string) => {
      const response = await server.request(
        `/storage/v1/render/image/public/${PUBLIC}/${encodeURI(mine)}?width=100&height=400&${query}`,
      )
      expect(response.status).toBe(200)
      const image = sharp(Buffer.from(await response.arrayBuffer()))
      expect(await image.metadata()).toMatchObject({ width: 100, height: 400 })
      return (await image.stats()).channels[0]!.mean
    }
    const [west, centre, east, focal] = [
      await red('gravity=we'),
      await red('gravity=ce'),
      await red('gravity=ea'),
      await red('gravity=fp&x_offset=0.9&y_offset=0.5'),
    ]
    expect(west).toBeLessThan(centre)
    expect(centre).toBeLessThan(east)
    expect(focal).toBeGreaterThan(centre)
  })

  it('chooses the format as Storage does: the one asked, else WebP when accepted, else the original', async () => {
    const asked = (transform: Record<string, unknown>, accept?: string) =>
      publicRender(mine, { width: 100, ...transform }, accept)
    const webp = await asked({}, 'image/avif,image/webp,*/*')
    expect(webp.headers.get('content-type')).toBe('image/webp')
    expect(webp.headers.get('vary')).toBe('Accept')
    expect(await dimensions(await webp.arrayBuffer())).toEqual({ format: 'webp', width: 100, height: 67 })
    const original = await asked({ format: 'origin' }, 'image/webp')
    expect(original.headers.get('content-type')).toBe('image/jpeg')
    expect((await dimensions(await original.arrayBuffer())).format).toBe('jpeg')
    const avif = await asked({ format: 'avif' })
    expect(avif.headers.get('content-type')).toBe('image/avif')
    expect(await dimensions(await avif.arrayBuffer())).toMatchObject({ format: 'av1', width: 100 })
    // A lower quality is a smaller file.
    const low = await asked({ format: 'webp', quality: 20 })
    const high = await asked({ format: 'webp', quality: 100 })
    expect((await low.arrayBuffer()).byteLength).toBeLessThan((await high.arrayBuffer()).byteLength)
  })

  it('refuses a private bucket on the public route, as the public download does', async () => {
    const { data } = f.anonClient.storage.from(DOCS).getPublicUrl(mine, { transform: { width: 50 } })
    const response = await server.request(data.publicUrl)
    expect(await storageFailure(response)).toEqual({
      status: 400,
      body: { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' },
    })
  })

  it('renders for callers the object policies let read, and answers everyone else as for a missing file', async () => {
    const { data, error } = await f.aliceClient.storage
      .from(DOCS)
      .download(mine, { transform: { width: 240, quality: 70 } })
    expect(error).toBeNull()
    expect(await dimensions(data!)).toEqual({ format: 'jpeg', width: 240, height: 160 })

    const missing = await f.aliceClient.storage
      .from(DOCS)
      .download(`${f.alice}/photos/none.jpg`, { transform: { width: 240 } })
    const body = async (result: { error: unknown }) => {
      const failure = result.error as { status: number; statusCode: string; message: string; originalError?: Response }
      return { status: failure.status, statusCode: failure.statusCode, message: failure.message }
    }
    const expected = await body(missing)
    expect(expected).toEqual({ status: 400, statusCode: '404', message: 'Object not found' })
    const bob = await f.bobClient.storage.from(DOCS).download(mine, { transform: { width: 240 } })
    const anon = await f.anonClient.storage.from(DOCS).download(mine, { transform: { width: 240 } })
    expect(await body(bob)).toEqual(expected)
    expect(await body(anon)).toEqual(expected)
    // Byte for byte the answer Bob gets for a file that does not exist.
    const path = `/render/image/authenticated/${DOCS}/${encodeURI(mine)}?width=240`
    const denied = await rawRequest(server, path, { token: await f.tokenFor(f.bob) })
    const absent = await rawRequest(server, `/render/image/authenticated/${DOCS}/${f.alice}/nothing.jpg?width=240`, {
      token: await f.tokenFor(f.bob),
    })
    expect(await storageFailure(denied)).toEqual(await storageFailure(absent))
    // And no image check runs for them: a bad file of Alice's still answers "not found" to Bob.
    await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/notes.txt`, 'just text', { contentType: 'text/plain' })
    const text = await f.bobClient.storage.from(DOCS).download(`${f.alice}/notes.txt`, { transform: { width: 10 } })
    expect(await body(text)).toEqual(expected)
  })

  it('signs a render: the token carries the transformation, and the URL needs no credentials', async () => {
    const transform = { width: 120, height: 120, resize: 'contain' as const, format: 'origin' as const }
    const { data, error } = await f.aliceClient.storage.from(DOCS).createSignedUrl(mine, 60, { transform })
    expect(error).toBeNull()
    const url = new URL(data!.signedUrl)
    expect(url.pathname).toBe(`/storage/v1/render/image/sign/${DOCS}/${f.alice}/photos/view%201.jpg`)
    const claims = JSON.parse(Buffer.from(url.searchParams.get('token')!.split('.')[1]!, 'base64url').toString())
    expect(claims).toMatchObject({ url: `${DOCS}/${mine}`, transformations: 'height:120,width:120,resize:contain' })
    // Asking for another size in the query changes nothing: only what was signed counts.
    url.searchParams.set('width', '999')
    const response = await server.request(url.toString(), { headers: { accept: 'image/webp' } })
    expect(response.status).toBe(200)
    expect(response.headers.get('expires')).toBe(new Date(claims.exp * 1000).toUTCString())
    // What was applied, in Storage's (imgproxy's) terms: contain is imgproxy's fit.
    expect(response.headers.get('x-transformations')).toBe('height:120,width:120,resizing_type:fit')
    expect(await dimensions(await response.arrayBuffer())).toEqual({ format: 'jpeg', width: 120, height: 80 })

    // Without a transformation the URL stays a plain download.
    const plain = await f.aliceClient.storage.from(DOCS).createSignedUrl(mine, 60)
    expect(new URL(plain.data!.signedUrl).pathname).toContain('/storage/v1/object/sign/')
    expectSameBytes(await (await server.request(plain.data!.signedUrl)).arrayBuffer(), photo)

    // Someone who may not read the file gets no URL; a token for another path opens nothing.
    const bob = await f.bobClient.storage.from(DOCS).createSignedUrl(mine, 60, { transform })
    expect(bob.error).toMatchObject({ status: 400, statusCode: '404', message: 'Object not found' })
    const other = new URL(data!.signedUrl.replace('view%201.jpg', 'other.jpg'))
    expect(await storageFailure(await server.request(other.toString()))).toMatchObject({
      status: 400,
      body: { code: 'InvalidSignature' },
    })
    const tampered = data!.signedUrl.replace(/token=[^&]+/, (token) => `${token.slice(0, -4)}AAAA`)
    expect(await storageFailure(await server.request(tampered))).toMatchObject({
      status: 400,
      body: { code: 'InvalidJWT' },
    })
  })

  it('answers bad values with Storage validation errors, and clamps huge sizes', async () => {
    const bad = async (query: string) =>
      storageFailure(await server.request(`/storage/v1/render/image/public/${PUBLIC}/${encodeURI(mine)}?${query}`))
    const expectInvalid = async (query: string, message: string) =>
      expect(await bad(query)).toEqual({
        status: 400,
        body: { statusCode: '400', code: 'InvalidRequest', error: 'InvalidRequest', message },
      })
    await expectInvalid('width=abc', 'querystring/width must be integer')
    await expectInvalid('width=1.5', 'querystring/width must be integer')
    await expectInvalid(`width=1${'0'.repeat(400)}`, 'querystring/width must be integer')
    await expectInvalid('height=-3', 'querystring/height must be >= 0')
    await expectInvalid('quality=5', 'querystring/quality must be >= 20')
    await expectInvalid('quality=101', 'querystring/quality must be <= 100')
    await expectInvalid('resize=stretch', 'querystring/resize must be equal to one of the allowed values')
    await expectInvalid('format=png', 'querystring/format must be equal to one of the allowed values')
    await expectInvalid('gravity=fp&x_offset=0.5', "querystring must have required property 'y_offset'")
    const signed = await f.aliceClient.storage
      .from(DOCS)
      .createSignedUrl(mine, 60, { transform: { resize: 'huge' as never } })
    expect(signed.error).toMatchObject({
      status: 400,
      message: 'body/transform/resize must be equal to one of the allowed values',
    })

    // Past the limit a size is clamped, and an image is never enlarged: a 200, never a giant.
    const huge = await publicRender(mine, { width: 1_000_000_000, height: 1_000_000_000 })
    expect(huge.status).toBe(200)
    expect(await dimensions(await huge.arrayBuffer())).toMatchObject({ width: 1200, height: 800 })
  })

  it('refuses files that are not images, are broken, or would decode to too many pixels', async () => {
    const upload = async (name: string, bytes: Uint8Array | string, contentType: string) => {
      const { error } = await f.aliceClient.storage.from(PUBLIC).upload(`${f.alice}/${name}`, bytes, { contentType })
      if (error) throw error
      return publicRender(`${f.alice}/${name}`, { width: 100 })
    }
    const failure = async (response: Response) => storageFailure(response)
    expect(await failure(await upload('readme.txt', 'not an image at all', 'text/plain'))).toEqual({
      status: 400,
      body: { ...invalidSource, error: 'InvalidRequest' },
    })
    // An image's name and type are not enough: the bytes decide.
    expect((await failure(await upload('fake.png', 'GIF89a but not really', 'image/png'))).body).toMatchObject(
      invalidSource,
    )
    expect(
      (await failure(await upload('cut.jpg', photo.subarray(0, photo.length / 3), 'image/jpeg'))).body,
    ).toMatchObject(invalidSource)
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'
    expect((await failure(await upload('drawing.svg', svg, 'image/svg+xml'))).body).toMatchObject(invalidSource)
    // 17 KB on disk, 144 megapixels declared: refused from its header, before anything is decoded.
    const bomb = pngBomb(12_000)
    expect(bomb.length).toBeLessThan(30_000)
    expect(await failure(await upload('bomb.png', bomb, 'image/png'))).toEqual({
      status: 400,
      body: {
        statusCode: '400',
        code: 'InvalidRequest',
        error: 'InvalidRequest',
        message: 'The source image resolution is too large to process',
      },
    })
    // The server is still fine afterwards.
    expect((await publicRender(mine, { width: 10 })).status).toBe(200)
  })
})

describeOnOneDatabase('storage image transformation settings on %s', (kind) => {
  describe('with tight limits', () => {
    const server = useTestServer(kind, {
      IMAGE_TRANSFORMATION_LIMIT_MAX_SIZE: '100',
      IMAGE_TRANSFORMATION_MAX_SOURCE_BYTES: '100000',
      IMAGE_TRANSFORMATION_MAX_SOURCE_PIXELS: '500000',
    })
    const f = useStorageFixtures(server)

    it('clamps sizes to the setting and refuses sources past its bytes or pixels', async () => {
      const small = await photoJpeg(400, 300)
      const large = await photoJpeg(1000, 600)
      const bucket = f.aliceClient.storage.from(PUBLIC)
      await bucket.upload(`${f.alice}/small.jpg`, small, { contentType: 'image/jpeg' })
      await bucket.upload(`${f.alice}/large.jpg`, large, { contentType: 'image/jpeg' })
      await bucket.upload(
        `${f.alice}/wide.png`,
        await sharp({ create: { width: 1000, height: 600, channels: 3, background: '#123' } })
          .png()
          .toBuffer(),
        { contentType: 'image/png' },
      )
      const render = (name: string, transform: Record<string, unknown>) =>
        server.request(bucket.getPublicUrl(`${f.alice}/${name}`, { transform }).data.publicUrl)

      const clamped = await render('small.jpg', { width: 5000, height: 5000, resize: 'fill' })
      expect(await dimensions(await clamped.arrayBuffer())).toMatchObject({ width: 100, height: 100 })
      expect(large.length).toBeGreaterThan(100_000)
      expect((await storageFailure(await render('large.jpg', { width: 50 }))).body).toMatchObject({
        statusCode: '400',
        message: 'The source image file is too large to process',
      })
      expect((await storageFailure(await render('wide.png', { width: 50 }))).body).toMatchObject({
        statusCode: '400',
        message: 'The source image resolution is too large to process',
      })
      // The signed token holds the clamped size, as Storage signs it.
      const signed = await f.aliceClient.storage
        .from(PUBLIC)
        .createSignedUrl(`${f.alice}/small.jpg`, 60, { transform: { width: 4000 } })
      const claims = JSON.parse(
        Buffer.from(new URL(signed.data!.signedUrl).searchParams.get('token')!.split('.')[1]!, 'base64url').toString(),
      )
      expect(claims.transformations).toBe('width:100')
    })
  })

  describe('one render at a time, none waiting', () => {
    const server = useTestServer(kind, { IMAGE_TRANSFORMATION_CONCURRENCY: '1', IMAGE_TRANSFORMATION_MAX_WAITING: '0' })
    const f = useStorageFixtures(server)
    beforeAll(async () => {
      // A PNG decodes in full (no shrinking while it decodes): each render takes a while.
      const big = await sharp({
        create: {
          width: 3000,
          height: 2000,
          channels: 3,
          background: '#345',
          noise: { type: 'gaussian', mean: 128, sigma: 30 },
        },
      })
        .png()
        .toBuffer()
      await f.aliceClient.storage.from(PUBLIC).upload(`${f.alice}/big.png`, big, { contentType: 'image/png' })
    })

    it('refuses renders past the gate with 429, and serves the rest; HEAD renders without a body', async () => {
      const url = f.anonClient.storage.from(PUBLIC).getPublicUrl(`${f.alice}/big.png`, {
        transform: { width: 1500 },
      }).data.publicUrl
      const responses = await Promise.all(Array.from({ length: 4 }, () => server.request(url)))
      const statuses = await Promise.all(
        responses.map(async (response) =>
          response.status === 200 ? 200 : ((await response.json()) as { statusCode: string; message: string }),
        ),
      )
      expect(statuses).toContain(200)
      expect(statuses).toContainEqual(expect.objectContaining({ statusCode: '429', message: 'Too many requests' }))
      expect(statuses.every((status) => status === 200 || status.statusCode === '429')).toBe(true)
      // Once they are done, the next one goes through.
      const head = await server.request(url, { method: 'HEAD' })
      expect(head.status).toBe(200)
      expect(head.headers.get('content-type')).toBe('image/png')
      expect(Number(head.headers.get('content-length'))).toBeGreaterThan(0)
      expect((await head.arrayBuffer()).byteLength).toBe(0)
    })
  })

  describe('turned off', () => {
    const server = useTestServer(kind, { IMAGE_TRANSFORMATION_ENABLED: 'false' })
    const f = useStorageFixtures(server)
    beforeAll(async () => {
      await f.aliceClient.storage.from(DOCS).upload(`${f.alice}/a.jpg`, photo, { contentType: 'image/jpeg' })
      await f.aliceClient.storage.from(PUBLIC).upload(`${f.alice}/a.jpg`, photo, { contentType: 'image/jpeg' })
    })

    it('answers the render routes as unknown routes, and signs plain downloads', async () => {
      const path = `${f.alice}/a.jpg`
      const download = await f.aliceClient.storage.from(DOCS).download(path, { transform: { width: 100 } })
      expect(download.error).toMatchObject({ status: 404, statusCode: '404' })
      const routePath = `/storage/v1/render/image/public/${PUBLIC}/${path}`
      const response = await server.request(
        f.anonClient.storage.from(PUBLIC).getPublicUrl(path, { transform: { width: 100 } }).data.publicUrl,
      )
      expect(await storageFailure(response)).toMatchObject({
        status: 404,
        body: { statusCode: '404', message: `Route GET:${routePath} not found` },
      })
      const signed = await f.aliceClient.storage.from(DOCS).createSignedUrl(path, 60, { transform: { width: 100 } })
      expect(new URL(signed.data!.signedUrl).pathname).toBe(`/storage/v1/object/sign/${DOCS}/${path}`)
      expectSameBytes(await (await server.request(signed.data!.signedUrl)).arrayBuffer(), photo)
    })
  })
})
